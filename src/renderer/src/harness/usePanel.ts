/** React bindings of the PanelApi: the current host snapshot and a dispatch that reports errors. */
import { useCallback, useEffect, useState } from 'react';
import type { TrafficEntry } from '@host/adminClient';
import type { PanelAction, PanelApi } from '@host/panelApi';
import type { HostSnapshot } from '@host/types';
import { errorMessage } from '@shared/errors';

export function useSnapshot(api: PanelApi): HostSnapshot | null {
  const [snapshot, setSnapshot] = useState<HostSnapshot | null>(null);
  useEffect(() => api.watch(setSnapshot), [api]);
  return snapshot;
}

/** Dispatches an action; a failure lands in `error` for the panel to show. */
export function useDispatch(api: PanelApi) {
  const [error, setError] = useState<string | null>(null);
  const dispatch = useCallback(
    async (action: PanelAction) => {
      const result = await api.dispatch(action);
      setError(result.ok ? null : result.error);
      return result.ok;
    },
    [api],
  );
  return { dispatch, error, clearError: () => setError(null) };
}

/** Formats epoch ms as HH:MM:SS.mmm (local time). */
export function clockTime(at: number | string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return String(at);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

/** Compact JSON for a table cell. */
export function compact(value: unknown): string {
  if (value === undefined) return '';
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** How often the panel reads the world's traffic log while it is shown. */
const TRAFFIC_POLL_MS = 1500;

/** The world's decrypted traffic, newest last, polled while `active` and the page is visible. */
export function usePolledTraffic(api: PanelApi, active: boolean, limit: number) {
  const [entries, setEntries] = useState<TrafficEntry[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    const poll = async () => {
      if (document.visibilityState === 'hidden') return;
      try {
        const next = await api.traffic(limit);
        if (!stopped) {
          setEntries(next);
          setError(null);
        }
      } catch (e) {
        if (!stopped) setError(errorMessage(e));
      }
    };
    void poll();
    const timer = window.setInterval(poll, TRAFFIC_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [api, active, limit]);
  return { entries, error };
}

/** Saves `value` as a pretty JSON file through the browser's download (Electron: a save dialog). */
export function downloadJson(fileName: string, value: unknown): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  link.click();
  // The download reads the blob after the click: give it time before freeing it.
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** Copies text to the clipboard, or offers it in a prompt where the clipboard is refused. */
export async function copyText(text: string, promptTitle: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    window.prompt(promptTitle, text);
  }
}
