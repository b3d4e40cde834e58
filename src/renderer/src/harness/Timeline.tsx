/**
 * The phone's timeline (timeline.ts): bridge calls, host notes and the world's API traffic in one
 * chronological list, virtualised so thousands of rows stay fast; rows expand to their params,
 * results and bodies, and an exchange copies as curl.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { TrafficEntry } from '@host/adminClient';
import type { PanelApi } from '@host/panelApi';
import type { CallLogEntry, HostNote } from '@host/types';
import { buildTimeline, curlOf, type TimelineKind } from './timeline';
import { clockTime, copyText, usePolledTraffic } from './usePanel';

/** The world's log keeps 500 exchanges; the timeline shows them all. */
const TRAFFIC_LIMIT = 500;

const KIND_LABELS: Record<TimelineKind, string> = {
  bridge: 'bridge',
  api: 'API',
  workbench: 'workbench',
  event: 'event',
  reload: 'reload',
  scenario: 'scenario',
  reset: 'reset',
  settings: 'settings',
  'app-error': 'app error',
};

interface Props {
  api: PanelApi;
  calls: readonly CallLogEntry[];
  notes: readonly HostNote[];
  active: boolean;
  /** The mock server's origin for Copy as curl (null: not known to this panel). */
  server: string | null;
  world: string | null;
}

export function Timeline({ api, calls, notes, active, server, world }: Props) {
  const { entries: traffic, error } = usePolledTraffic(api, active, TRAFFIC_LIMIT);
  const [filter, setFilter] = useState('');
  const [errorsOnly, setErrorsOnly] = useState(false);
  const [since, setSince] = useState(0);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [copied, setCopied] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  const rows = useMemo(
    () => buildTimeline(calls, notes, traffic, { since, filter, errorsOnly }),
    [calls, notes, traffic, since, filter, errorsOnly],
  );
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 30,
    overscan: 12,
    getItemKey: (index) => rows[index]?.key ?? index,
  });

  // Newest last, like a console: stay at the bottom while the reader is there.
  useEffect(() => {
    if (following.current && rows.length)
      virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
  }, [rows.length, virtualizer]);

  const toggle = (key: string) =>
    setOpen((now) => {
      const next = new Set(now);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const copyCurl = async (key: string, entry: TrafficEntry) => {
    await copyText(curlOf(entry, server ?? '$MOCK_SERVER', world), 'Copy this command');
    setCopied(key);
    setTimeout(() => setCopied(null), 1500);
  };

  return (
    <div className="sim-log">
      <div className="sim-log__tools">
        <input
          type="search"
          placeholder="Filter: method, path, params, bodies"
          aria-label="Filter the timeline"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <label className="sim-check">
          <input
            type="checkbox"
            checked={errorsOnly}
            onChange={(e) => setErrorsOnly(e.target.checked)}
          />
          Errors only
        </label>
        <button className="sim-btn" onClick={() => setSince(Date.now())}>
          Clear
        </button>
        <span className="sim-muted">{rows.length} rows</span>
      </div>
      {error ? <p className="sim-error">API traffic unavailable: {error}</p> : null}
      <div
        ref={scroller}
        className="sim-timeline"
        onScroll={(e) => {
          const box = e.currentTarget;
          following.current = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
        }}
      >
        <ol
          className="sim-timeline__list"
          aria-label="Timeline"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const expanded = open.has(row.key);
            return (
              <li
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                data-kind={row.kind}
                className={`sim-timeline__item${row.error ? ' sim-timeline__item--error' : ''}`}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <button
                  className="sim-timeline__row"
                  aria-expanded={expanded}
                  onClick={() => toggle(row.key)}
                >
                  <span className="sim-mono">{clockTime(row.at)}</span>
                  <span className={`sim-tag sim-tag--${row.kind}`}>{KIND_LABELS[row.kind]}</span>
                  <span className="sim-timeline__page" title="App page (generation)">
                    {row.generation === null ? '' : `p${row.generation}`}
                  </span>
                  <span className="sim-timeline__title">{row.title}</span>
                  <span className="sim-mono sim-timeline__outcome">{row.outcome}</span>
                </button>
                {expanded ? (
                  <div className="sim-timeline__detail">
                    <pre>{JSON.stringify(row.detail ?? null, null, 2)}</pre>
                    {row.exchange ? (
                      <button
                        className="sim-btn"
                        onClick={() => row.exchange && void copyCurl(row.key, row.exchange)}
                      >
                        {copied === row.key ? 'Copied' : 'Copy as curl'}
                      </button>
                    ) : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      </div>
      {rows.length === 0 && !error ? (
        <p className="sim-empty">Nothing on the timeline yet.</p>
      ) : null}
    </div>
  );
}
