/**
 * The QA workbench in the panel (harness and Electron alike), acting on the phone's world: the
 * world's clock (which the phone's Date follows), the fault lab, and repro bundles.
 */
import { type InputHTMLAttributes, useCallback, useEffect, useRef, useState } from 'react';
import type { PanelApi } from '@host/panelApi';
import type { PhoneClock } from '@host/phoneClock';
import { bundleFileName, parseReproBundle } from '@host/reproBundle';
import { endpoints } from '@shared/api/endpoints';
import {
  type ArmedFault,
  type ClockCommand,
  FAULT_KINDS,
  type FaultKind,
  type FaultSpec,
} from '@shared/workbench';
import { UpstreamSection } from './UpstreamSection';
import { downloadJson } from './usePanel';
import { useWorkbench } from './useWorkbench';
import { errorMessage } from '@shared/errors';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FAULT_POLL_MS = 2000;

const FAULT_LABELS: Record<FaultKind, string> = {
  code: 'Product code (with message)',
  delay: 'Latency',
  timeout: 'Timeout (no answer within 10 s)',
  corrupt: 'Corrupt ciphertext',
  'session-lost': '4011 server lost the session',
  replay: '4091 replay',
  'identity-change': '4012 server identity changed',
  'handshake-refused': 'Handshake refused at the next handshake (with message)',
  drop: 'Connection dropped mid-request',
};

const API_PATHS = [...new Set(Object.values(endpoints).map((e) => e.path))].sort();

export function WorkbenchPanel({ api, clock }: { api: PanelApi; clock: PhoneClock | null }) {
  return (
    <div className="sim-workbench">
      <ClockSection api={api} clock={clock} />
      <FaultLab api={api} />
      <BundleSection api={api} />
      <UpstreamSection api={api} />
    </div>
  );
}

/** `datetime-local` value (local time, minutes) of epoch ms. */
function localInputValue(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

/**
 * The zone the Jump to field is read in (this browser's), e.g. "Asia/Manila, UTC+08:00": a
 * datetime-local value has none of its own, and the market's dates are UTC+8 (DESIGN.md §6).
 */
function localZoneLabel(at: number = Date.now()): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';
  const minutes = -new Date(at).getTimezoneOffset();
  const sign = minutes < 0 ? '−' : '+';
  const hh = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  const mm = String(Math.abs(minutes) % 60).padStart(2, '0');
  return `${zone}, UTC${sign}${hh}:${mm}`;
}

function describeClock(clock: PhoneClock | null, now: number): string {
  if (!clock) return 'Real time';
  const at = clock.frozenAt ?? now + clock.offsetMs;
  const when = new Date(at).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'long',
  });
  return clock.frozenAt === null ? `${when} (running)` : `${when} (frozen)`;
}

function ClockSection({ api, clock }: { api: PanelApi; clock: PhoneClock | null }) {
  const { run, error } = useWorkbench(api);
  const [now, setNow] = useState(() => Date.now());
  const [target, setTarget] = useState(() => localInputValue(Date.now()));
  useEffect(() => {
    if (!clock || clock.frozenAt !== null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [clock]);
  const set = (command: ClockCommand) => void run({ op: 'setClock', command });
  const frozen = clock?.frozenAt != null;
  return (
    <details className="sim-field sim-field--wide" open={clock !== null}>
      <summary>Clock · {describeClock(clock, now)}</summary>
      <p className="sim-muted">
        The world’s “now”: due dates, overdue days, event windows and order expiry on the server,
        and the app’s Date in the phone.
      </p>
      <div className="sim-row">
        <input
          type="datetime-local"
          aria-label="Jump to"
          value={target}
          onChange={(e) => setTarget(e.target.value)}
        />
        <button
          className="sim-btn"
          disabled={!target || Number.isNaN(new Date(target).getTime())}
          onClick={() => set({ at: new Date(target).getTime() })}
        >
          Jump
        </button>
        <span className="sim-muted sim-zone" title="The zone Jump to is read in: this browser's">
          {localZoneLabel(target ? new Date(target).getTime() || Date.now() : Date.now())}
        </span>
      </div>
      <div className="sim-row">
        {[
          ['+1 h', HOUR],
          ['+1 day', DAY],
          ['+7 days', 7 * DAY],
          ['−1 day', -DAY],
        ].map(([label, ms]) => (
          <button key={label} className="sim-btn" onClick={() => set({ advanceMs: Number(ms) })}>
            {label}
          </button>
        ))}
        <button className="sim-btn" onClick={() => set({ running: frozen })}>
          {frozen ? 'Run' : 'Freeze'}
        </button>
        <button
          className="sim-btn"
          disabled={clock === null}
          onClick={() => void run({ op: 'resetClock' })}
        >
          Real time
        </button>
      </div>
      {error ? <p className="sim-error">{error}</p> : null}
    </details>
  );
}

interface FaultForm {
  kind: FaultKind;
  path: string;
  code: string;
  message: string;
  delayMs: string;
  /** '' = until cleared. */
  times: string;
}

/**
 * A server error by default: a session code (9000004) would end the native session, so Reload app
 * would land on "Page closed" again and again, which is not what "arm a fault" suggests.
 */
export const EMPTY_FORM: FaultForm = {
  kind: 'code',
  path: '*',
  code: '500',
  message: '',
  delayMs: '',
  times: '1',
};

const hasMessage = (kind: FaultKind) => kind === 'code' || kind === 'handshake-refused';

/**
 * What the armed-faults table says a fault does beyond its kind: the code a `code` fault answers,
 * the message a refused handshake carries.
 */
export function faultDetail(
  fault: Pick<ArmedFault, 'kind' | 'code' | 'message' | 'delayMs'>,
): string {
  const parts: string[] = [];
  if (fault.kind === 'code' && fault.code !== undefined) parts.push(String(fault.code));
  if (fault.kind === 'handshake-refused') {
    parts.push(fault.message ? `“${fault.message}”` : '(default message)');
  }
  if (fault.delayMs) parts.push(`after ${fault.delayMs} ms`);
  return parts.join(' ');
}

/** The FaultSpec of the form, or the reason it is not one. */
export function faultSpecOf(form: FaultForm): FaultSpec | string {
  const path = form.path.trim();
  if (!path) return 'Name a path, or * for every path';
  const spec: FaultSpec = { kind: form.kind, path };
  // A refused handshake is an HTTP 503 with a message (PRODUCT.md §8): it has no product code.
  if (form.kind === 'code' && form.code.trim()) {
    const code = Number(form.code);
    if (!Number.isInteger(code)) return 'The code is a whole number';
    spec.code = code;
  }
  if (hasMessage(form.kind) && form.message.trim()) spec.message = form.message.trim();
  if (form.delayMs.trim()) {
    const delay = Number(form.delayMs);
    if (!Number.isInteger(delay) || delay < 0 || delay > 120_000) {
      return 'The delay is 0–120000 ms';
    }
    spec.delayMs = delay;
  } else if (form.kind === 'delay') {
    return 'Latency needs a delay in ms';
  }
  if (form.times.trim()) {
    const times = Number(form.times);
    if (!Number.isInteger(times) || times < 1)
      return 'Calls: 1 or more, or empty for until cleared';
    spec.times = times;
  }
  return spec;
}

/** One text field of the fault form, named `Fault <name>` for assistive technology and tests. */
function FaultField({
  label,
  name = label.toLowerCase(),
  field,
  form,
  edit,
  ...input
}: {
  label: string;
  name?: string;
  field: 'code' | 'message' | 'delayMs' | 'times';
  form: FaultForm;
  edit(patch: Partial<FaultForm>): void;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'maxLength' | 'placeholder'>) {
  return (
    <label className="sim-faults__field">
      {label}
      <input
        aria-label={`Fault ${name}`}
        value={form[field]}
        onChange={(e) => edit({ [field]: e.target.value })}
        {...input}
      />
    </label>
  );
}

function FaultLab({ api }: { api: PanelApi }) {
  const { run, error, setError } = useWorkbench(api);
  const [faults, setFaults] = useState<ArmedFault[]>([]);
  const [form, setForm] = useState<FaultForm>(EMPTY_FORM);
  const [open, setOpen] = useState(false);
  const refresh = useCallback(async () => {
    const result = await run({ op: 'faults' });
    if (result.ok) setFaults(result.value);
  }, [run]);
  useEffect(() => {
    if (!open) return;
    void refresh();
    // Remaining counts fall as the app's calls meet the faults.
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, FAULT_POLL_MS);
    return () => window.clearInterval(timer);
  }, [open, refresh]);

  const spec = faultSpecOf(form);
  const arm = async () => {
    if (typeof spec === 'string') return setError(spec);
    const result = await run({ op: 'addFault', spec });
    if (result.ok) await refresh();
  };
  const edit = (patch: Partial<FaultForm>) => setForm((f) => ({ ...f, ...patch }));
  return (
    <details
      className="sim-field sim-field--wide"
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
    >
      <summary>Fault lab{faults.length ? ` · ${faults.length} armed` : ''}</summary>
      <div className="sim-faults__form">
        <label className="sim-faults__field sim-faults__field--wide">
          Fault
          <select
            aria-label="Fault kind"
            value={form.kind}
            onChange={(e) => edit({ kind: e.target.value as FaultKind })}
          >
            {FAULT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {FAULT_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
        <label className="sim-faults__field">
          Path
          <input
            aria-label="Fault path"
            list="sim-api-paths"
            value={form.path}
            onChange={(e) => edit({ path: e.target.value })}
          />
          <datalist id="sim-api-paths">
            <option value="*">every path</option>
            {API_PATHS.map((path) => (
              <option key={path} value={path} />
            ))}
          </datalist>
        </label>
        {form.kind === 'code' ? (
          <FaultField label="Code" field="code" form={form} edit={edit} inputMode="numeric" />
        ) : null}
        {hasMessage(form.kind) ? (
          <FaultField label="Message" field="message" form={form} edit={edit} maxLength={500} />
        ) : null}
        <FaultField
          label="Delay (ms)"
          name="delay"
          field="delayMs"
          form={form}
          edit={edit}
          inputMode="numeric"
          placeholder={form.kind === 'delay' ? 'e.g. 3000' : 'none'}
        />
        {/* One call by default (a fault that outlives the test is a surprise); the label says
            what an empty field means, which is what its placeholder then shows. */}
        <FaultField
          label="Calls (empty: until cleared)"
          name="calls"
          field="times"
          form={form}
          edit={edit}
          inputMode="numeric"
          placeholder="until cleared"
        />
      </div>
      {form.kind === 'handshake-refused' ? (
        <p className="sim-muted" role="note">
          Fires at the phone’s next handshake only. A page that already has a secure session keeps
          it across Reload app and never shakes hands; to see the refusal now, also arm “4011 server
          lost the session” (the app then shakes hands again and is refused).
        </p>
      ) : null}
      <div className="sim-row">
        <button className="sim-btn sim-btn--primary" onClick={() => void arm()}>
          Arm fault
        </button>
        <button
          className="sim-btn"
          disabled={!faults.length}
          onClick={async () => {
            await run({ op: 'clearFaults' });
            await refresh();
          }}
        >
          Clear all
        </button>
        <button
          className="sim-btn"
          title="The server presents a new identity from the next handshake, as a key rotation"
          onClick={() => void run({ op: 'rotateIdentity' })}
        >
          Rotate server identity
        </button>
      </div>
      {error ? <p className="sim-error">{error}</p> : null}
      {faults.length ? (
        <table className="sim-table" aria-label="Armed faults">
          <thead>
            <tr>
              <th>Fault</th>
              <th>Path</th>
              <th>Left</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {faults.map((fault) => (
              <tr key={fault.id}>
                {/* The short kind in the row, what it does on hover: the form names it in full. */}
                <td title={FAULT_LABELS[fault.kind]}>
                  <code>{fault.kind}</code> {faultDetail(fault)}
                </td>
                <td>
                  <code>{fault.path}</code>
                </td>
                <td>{fault.remaining ?? '∞'}</td>
                <td>
                  <button
                    className="sim-btn"
                    aria-label={`Clear fault ${fault.id}`}
                    onClick={async () => {
                      await run({ op: 'clearFault', id: fault.id });
                      await refresh();
                    }}
                  >
                    Clear
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="sim-muted">No fault armed: the world answers as its scenario says.</p>
      )}
    </details>
  );
}

function BundleSection({ api }: { api: PanelApi }) {
  const { run, error, setError } = useWorkbench(api);
  const [status, setStatus] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const exportBundle = async () => {
    const result = await run({ op: 'exportBundle' });
    if (!result.ok) return;
    const fileName = bundleFileName(result.value);
    downloadJson(fileName, result.value);
    setStatus(`Exported ${fileName}`);
  };
  const importFile = async (file: File) => {
    setStatus(null);
    let bundle: ReturnType<typeof parseReproBundle>;
    try {
      bundle = parseReproBundle(await file.text());
    } catch (e) {
      return setError(errorMessage(e));
    }
    const result = await run({ op: 'importBundle', bundle });
    if (result.ok) {
      setStatus(`Imported ${file.name}: ${bundle.world.scenario}, ${bundle.path}`);
    }
  };
  return (
    <details className="sim-field sim-field--wide">
      <summary>Repro bundle</summary>
      <p className="sim-muted">
        One file with the settings, the app’s route and storage, the world (scenario, server state,
        faults, clock, traffic) and the bridge calls. Import it in another harness tab or the
        Electron simulator to land in the same state.
      </p>
      <div className="sim-row">
        <button className="sim-btn" onClick={() => void exportBundle()}>
          Export repro bundle
        </button>
        <button className="sim-btn" onClick={() => fileInput.current?.click()}>
          Import repro bundle…
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          aria-label="Repro bundle file"
          hidden
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void importFile(file);
          }}
        />
      </div>
      {status ? (
        <p className="sim-muted" role="status">
          {status}
        </p>
      ) : null}
      {error ? (
        <p className="sim-error" role="alert">
          {error}
        </p>
      ) : null}
    </details>
  );
}
