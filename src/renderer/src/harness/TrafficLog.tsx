/** The mock server's decrypted traffic (`/__admin/log`), polled while visible. */
import { Fragment, useState } from 'react';
import type { PanelApi } from '@host/panelApi';
import { upstreamTag, upstreamTitle } from './upstreamLabels';
import { clockTime, compact, usePolledTraffic } from './usePanel';

const LIMIT = 200;

export function TrafficLog({ api, active }: { api: PanelApi; active: boolean }) {
  const { entries, error } = usePolledTraffic(api, active, LIMIT);
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<string | null>(null);

  const needle = filter.trim().toLowerCase();
  const shown = entries
    .filter((e) => !needle || `${e.host} ${e.path}`.toLowerCase().includes(needle))
    .slice()
    .reverse();
  return (
    <div className="sim-log">
      <div className="sim-log__tools">
        <input
          type="search"
          placeholder="Filter by path"
          aria-label="Filter API traffic"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <span className="sim-muted">Decrypted by the mock server · refreshes every 1.5 s</span>
      </div>
      {error ? <p className="sim-error">Traffic log unavailable: {error}</p> : null}
      <table className="sim-table" aria-label="API traffic">
        <thead>
          <tr>
            <th>Time</th>
            <th>Host</th>
            <th>Path</th>
            <th>Code</th>
            <th>ms</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((entry) => {
            const key = String(entry.id);
            const code = entry.response?.code;
            return (
              <Fragment key={key}>
                <tr
                  className={`sim-clickable${entry.fault ? ' sim-row--fault' : ''}`}
                  onClick={() => setOpen(open === key ? null : key)}
                  data-path={entry.path}
                >
                  <td className="sim-mono">{clockTime(entry.at)}</td>
                  <td>{entry.host}</td>
                  <td>
                    <span
                      className={`sim-tag ${entry.encrypted ? 'sim-tag--e2e' : ''}`}
                      title={entry.encrypted ? 'End-to-end encrypted, shown decrypted' : 'Plain'}
                    >
                      {entry.encrypted ? 'E2E' : 'plain'}
                    </span>{' '}
                    <code>{entry.path}</code>
                    {entry.fault ? (
                      <span
                        className="sim-tag sim-tag--fault"
                        title={`Injected by the fault lab: ${String(entry.fault.effect ?? entry.fault.kind)}`}
                      >
                        fault: {entry.fault.kind}
                      </span>
                    ) : null}
                    {entry.upstream ? (
                      <span
                        className={`sim-tag sim-tag--upstream${entry.upstream.breaches.length ? ' sim-tag--breach' : ''}`}
                        title={upstreamTitle(entry.upstream)}
                      >
                        {upstreamTag(entry.upstream)}
                      </span>
                    ) : null}
                    {entry.kind ? <span className="sim-tag">{entry.kind}</span> : null}
                  </td>
                  <td className="sim-mono">{code === undefined ? entry.status : String(code)}</td>
                  <td className="sim-mono">{entry.ms ?? ''}</td>
                </tr>
                {open === key ? (
                  <tr className="sim-detail">
                    <td colSpan={5}>
                      <strong>Request</strong>
                      <pre>{JSON.stringify(entry.request?.data ?? null, null, 2)}</pre>
                      <strong>Response</strong>
                      <pre>{JSON.stringify(entry.response ?? null, null, 2)}</pre>
                      <details>
                        <summary>Headers and userBaseInfo</summary>
                        <pre>
                          {compact(entry.request?.headers)}
                          {'\n'}
                          {compact(entry.request?.userBaseInfo)}
                        </pre>
                      </details>
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
      {shown.length === 0 && !error ? <p className="sim-empty">No API traffic yet.</p> : null}
    </div>
  );
}
