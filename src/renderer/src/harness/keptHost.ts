/**
 * What the browser harness keeps of its host across F5, per world, in the tab's sessionStorage:
 * the settings (auto-answers included, which the URL does not carry), the bridge call log and the
 * host notes. A reload finds the same world on the server and, with this, the same panel.
 */

import type { HostCore } from '@host/HostCore';
import { settingsPatchSchema } from '@host/settingsPatch';
import { callLogEntrySchema, hostNoteSchema } from '@host/reproBundle';
import type { CallLogEntry, HostNote, HostSettings } from '@host/types';
import { z } from '@shared/zod';

const keptSchema = z.object({
  settings: settingsPatchSchema,
  calls: z.array(callLogEntrySchema).check(z.maxLength(1000)),
  notes: z.array(hostNoteSchema).check(z.maxLength(1000)),
});

interface KeptHost {
  settings: Partial<HostSettings>;
  calls: CallLogEntry[];
  notes: HostNote[];
}

const keyOf = (world: string) => `directLoanSimulator.host.${world}`;
/** Writes are gathered: a burst of bridge calls is one write. */
const SAVE_DELAY_MS = 300;

/** The host state kept for `world`, or null (none, or not readable: start afresh). */
export function readKeptHost(storage: Storage, world: string): KeptHost | null {
  try {
    const raw = storage.getItem(keyOf(world));
    if (!raw) return null;
    const parsed = keptSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    const calls = parsed.data.calls.map((call) => ({ ...call, params: call.params }));
    return { settings: parsed.data.settings, calls, notes: parsed.data.notes };
  } catch {
    return null;
  }
}

/** Keeps the host's settings and logs for `world` while the page lives; returns the stop. */
export function keepHost(storage: Storage, world: string, host: HostCore): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const { settings, calls, notes } = host.getSnapshot();
    try {
      storage.setItem(keyOf(world), JSON.stringify({ settings, calls, notes }));
    } catch {
      // Full or private storage: a reload then starts the panel's logs afresh, nothing worse.
    }
  };
  const off = host.subscribe(() => {
    timer ??= setTimeout(save, SAVE_DELAY_MS);
  });
  const flush = () => {
    if (timer !== undefined) {
      clearTimeout(timer);
      save();
    }
  };
  // F5 must not lose the last burst.
  window.addEventListener('pagehide', flush);
  return () => {
    off();
    window.removeEventListener('pagehide', flush);
    flush();
  };
}
