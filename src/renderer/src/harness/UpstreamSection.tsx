/**
 * Upstream mode in the panel (harness and Electron alike), acting on the phone's world: the
 * upstream URL with its state (relaying, not answering, identity changed → Trust new identity),
 * Record / Stop recording with the saved recordings (Export to fixtures), and the contract report
 * per path. The logic is the mock server's (mock-server/upstream, mock-server/recording); this is
 * its thin view over the workbench calls (src/host/workbench.ts).
 */
import { useCallback, useEffect, useState } from 'react';
import type { PanelApi } from '@host/panelApi';
import type { RecordingList } from '@shared/recording';
import type { ContractReport, UpstreamStatus } from '@shared/upstream';
import { upstreamSummary } from './upstreamLabels';
import { useWorkbench } from './useWorkbench';

const POLL_MS = 2000;

export function UpstreamSection({ api }: { api: PanelApi }) {
  const { run, error } = useWorkbench(api);
  const [status, setStatus] = useState<UpstreamStatus | null>(null);
  const [recordings, setRecordings] = useState<RecordingList | null>(null);
  const [report, setReport] = useState<ContractReport | null>(null);
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [open, setOpen] = useState(false);

  const refresh = useCallback(async () => {
    const [upstream, list] = await Promise.all([
      api.workbench({ op: 'upstream' }),
      api.workbench({ op: 'recordings' }),
    ]);
    if (upstream.ok) setStatus(upstream.value);
    if (list.ok) setRecordings(list.value);
    if (open) {
      const contract = await api.workbench({ op: 'contractReport' });
      if (contract.ok) setReport(contract.value);
    }
  }, [api, open]);
  useEffect(() => {
    void refresh();
    // The state changes with the app's calls (an identity change, a recording's count).
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [refresh]);

  const act = async (call: Parameters<typeof run>[0], done?: (value: unknown) => string) => {
    setNote(null);
    const result = await run(call);
    if (result.ok && done) setNote(done(result.value));
    await refresh();
  };
  const state = status?.state ?? 'off';
  const active = recordings?.active ?? null;
  return (
    <details
      className="sim-field sim-field--wide"
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
    >
      <summary>
        Upstream ·{' '}
        <span className={`sim-upstream sim-upstream--${state}`} data-state={state}>
          {upstreamSummary(status)}
        </span>
        {active ? <span className="sim-recording"> ● recording {active.name}</span> : null}
      </summary>
      <p className="sim-muted">
        Relays this phone’s calls to another backend: the mock stays the app’s secure server and is
        a client of the upstream, checks every answer against the contract and can record the
        session as a scenario.
      </p>
      <div className="sim-row">
        <input
          aria-label="Upstream URL"
          placeholder="http://127.0.0.1:4011 or https://…/app-config.json"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <button
          className="sim-btn"
          disabled={!url.trim()}
          onClick={() => void act({ op: 'setUpstream', url: url.trim() })}
        >
          Use upstream
        </button>
        <button
          className="sim-btn"
          disabled={state === 'off'}
          onClick={() => void act({ op: 'clearUpstream' })}
        >
          Stop upstream
        </button>
      </div>
      {status && state !== 'off' ? (
        <p className={state === 'ready' ? 'sim-muted' : 'sim-error'} role="status">
          {status.message}
          {status.calls ? ` · ${status.calls} calls relayed` : ''}
        </p>
      ) : null}
      {state === 'identity-changed' ? (
        <button className="sim-btn" onClick={() => void act({ op: 'trustUpstream' })}>
          Trust new identity
        </button>
      ) : null}
      <div className="sim-row">
        {active ? (
          <>
            <span className="sim-recording" role="status">
              ● Recording “{active.name}” · {active.exchanges} exchanges
              {active.full ? ' (full)' : ''}
            </span>
            <button
              className="sim-btn sim-btn--primary"
              onClick={() =>
                void act({ op: 'stopRecording' }, (value) => {
                  const saved = value as { name: string; exchanges: number };
                  return `Saved “${saved.name}” (${saved.exchanges} exchanges): pick it as a scenario`;
                })
              }
            >
              Stop recording
            </button>
          </>
        ) : (
          <>
            <input
              aria-label="Recording name"
              placeholder="e.g. staging-bill"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
            <button
              className="sim-btn sim-btn--primary"
              disabled={!name.trim()}
              onClick={() => void act({ op: 'startRecording', start: { name: name.trim() } })}
            >
              Record
            </button>
          </>
        )}
      </div>
      {note ? (
        <p className="sim-muted" role="status">
          {note}
        </p>
      ) : null}
      {error ? (
        <p className="sim-error" role="alert">
          {error}
        </p>
      ) : null}
      {recordings?.recordings.length ? (
        <table className="sim-table" aria-label="Recordings">
          <tbody>
            {recordings.recordings.map((r) => (
              <tr key={r.name}>
                <td title={`${r.title} · ${r.source} · ${r.recordedAt}`}>
                  <code>{r.name}</code>
                </td>
                <td>{r.exchanges} exchanges</td>
                <td>{r.kept}</td>
                <td>
                  <button
                    className="sim-btn"
                    aria-label={`Export ${r.name} to fixtures`}
                    onClick={() =>
                      void act({ op: 'exportRecording', name: r.name }, (file) => `Wrote ${file}`)
                    }
                  >
                    Export to fixtures
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <ContractTable report={report} />
    </details>
  );
}

function ContractTable({ report }: { report: ContractReport | null }) {
  if (!report || report.checked === 0) {
    return <p className="sim-muted">Contract report: no upstream answer checked yet.</p>;
  }
  const breached = report.paths.filter((p) => p.breaches.length > 0);
  return (
    <>
      <p className={breached.length ? 'sim-error' : 'sim-muted'} role="status">
        Contract report: {report.checked} answer{report.checked === 1 ? '' : 's'} checked,{' '}
        {report.breaches
          ? `${report.breaches} breach${report.breaches === 1 ? '' : 'es'}`
          : 'no breach'}
      </p>
      {breached.length ? (
        <table className="sim-table" aria-label="Contract report">
          <thead>
            <tr>
              <th>Path</th>
              <th>Breach</th>
              <th>Field</th>
              <th>Seen</th>
            </tr>
          </thead>
          <tbody>
            {breached.flatMap((path) =>
              path.breaches.map((b) => (
                <tr key={`${path.host}/${path.path} ${b.kind} ${b.field}`} title={b.detail}>
                  <td>
                    <code>{path.path}</code>
                  </td>
                  <td>{b.kind}</td>
                  <td>
                    <code>{b.field}</code>
                  </td>
                  <td>{b.count}×</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
