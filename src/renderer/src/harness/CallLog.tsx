/** The bridge call log: time, method, params, result, duration; filter, clear, export JSON. */
import { useState } from 'react';
import type { PanelAction } from '@host/panelApi';
import type { CallLogEntry } from '@host/types';
import { RESULT_LABELS } from './labels';
import { clockTime, compact, downloadJson } from './usePanel';

export function CallLog({
  calls,
  dispatch,
}: {
  calls: readonly CallLogEntry[];
  dispatch(action: PanelAction): void;
}) {
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = calls
    .filter((c) => !needle || `${c.method} ${compact(c.params)}`.toLowerCase().includes(needle))
    .slice()
    .reverse();
  const exportJson = () =>
    downloadJson(`bridge-calls-${new Date().toISOString().replace(/[:.]/g, '-')}.json`, calls);
  return (
    <div className="sim-log">
      <div className="sim-log__tools">
        <input
          type="search"
          placeholder="Filter by method or params"
          aria-label="Filter bridge calls"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <button className="sim-btn" onClick={() => dispatch({ type: 'clearCalls' })}>
          Clear
        </button>
        <button className="sim-btn" onClick={exportJson} disabled={calls.length === 0}>
          Export JSON
        </button>
      </div>
      <table className="sim-table" aria-label="Bridge calls">
        <thead>
          <tr>
            <th>Time</th>
            <th>Method</th>
            <th>Params</th>
            <th>Result</th>
            <th>ms</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((call) => (
            <tr key={call.id} data-method={call.method}>
              <td className="sim-mono">{clockTime(call.at)}</td>
              <td>
                <code>{call.method}</code>
              </td>
              <td className="sim-mono sim-cell" title={compact(call.params)}>
                {compact(call.params)}
              </td>
              <td className="sim-mono sim-cell" title={compact(call.result)}>
                {call.result ? (
                  <>
                    <span className={`sim-code sim-code--${call.result.resultCode}`}>
                      {call.result.resultCode} {RESULT_LABELS[call.result.resultCode]}
                    </span>{' '}
                    {compact(call.result.data ?? call.result.message)}
                  </>
                ) : (
                  <span className="sim-code sim-code--pending">pending…</span>
                )}
              </td>
              <td className="sim-mono">{call.durationMs ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown.length === 0 ? <p className="sim-empty">No bridge calls yet.</p> : null}
    </div>
  );
}
