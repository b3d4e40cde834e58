import { describe, expect, it } from 'vitest';
import type { TrafficEntry } from '@host/adminClient';
import type { CallLogEntry, HostNote } from '@host/types';
import { buildTimeline, curlOf } from './timeline';

const iso = (ms: number) => new Date(ms).toISOString();
const T = Date.UTC(2026, 10, 25, 8);

const calls: CallLogEntry[] = [
  {
    id: 'c1',
    at: T + 10,
    generation: 0,
    method: 'getBaseInfo',
    params: undefined,
    result: { resultCode: 0, data: { appName: 'lender' } },
  },
  {
    id: 'c2',
    at: T + 400,
    generation: 1,
    method: 'pickAccount',
    params: { amount: 500 },
    result: { resultCode: 3, message: 'Failed in the native app' },
  },
];
const notes: HostNote[] = [
  { id: 'n1', at: T, kind: 'reload', generation: 0, text: 'App page 0 loaded' },
  { id: 'n2', at: T + 300, kind: 'reload', generation: 1, text: 'App page 1 loaded' },
  {
    id: 'n3',
    at: T + 500,
    kind: 'app-error',
    generation: 1,
    text: 'Unhandled rejection: Error: boom',
  },
];
const traffic: TrafficEntry[] = [
  {
    id: 1,
    at: iso(T + 20),
    host: 'main',
    path: 'user/userInfo',
    encrypted: true,
    request: { data: { msisdn: '9171234567' } },
    response: { code: 200, message: 'success', data: {} },
    status: 200,
    ms: 3,
  },
  {
    id: 2,
    at: iso(T + 350),
    host: 'main',
    path: 'loan/loanInfo',
    encrypted: true,
    request: { data: {} },
    response: { code: 9000017, message: 'busy', data: null },
    status: 200,
    ms: 2,
    fault: { id: 'f1', kind: 'code', path: 'loan/loanInfo' },
  },
  {
    id: 3,
    at: iso(T + 360),
    host: 'workbench',
    path: 'fault-armed',
    encrypted: false,
    kind: 'fault-armed',
    response: { code: 0, message: 'Fault code armed on loan/loanInfo', data: null },
    status: 0,
  },
  {
    id: 4,
    at: iso(T + 370),
    host: 'workbench',
    path: 'clock',
    encrypted: false,
    kind: 'clock',
    status: 0,
  },
];
const all = { since: 0, filter: '', errorsOnly: false };

describe('timeline', () => {
  it('merges calls, notes and traffic in time order, each exchange tagged with its page', () => {
    const rows = buildTimeline(calls, notes, traffic, all);
    expect(rows.map((r) => [r.kind, r.generation, r.title])).toEqual([
      ['reload', 0, 'App page 0 loaded'],
      ['bridge', 0, 'getBaseInfo'],
      ['api', 0, 'main/user/userInfo'],
      ['reload', 1, 'App page 1 loaded'],
      ['api', 1, 'main/loan/loanInfo'],
      ['workbench', null, 'fault-armed · Fault code armed on loan/loanInfo'],
      ['workbench', null, 'clock'],
      ['bridge', 1, 'pickAccount'],
      ['app-error', 1, 'Unhandled rejection: Error: boom'],
    ]);
    expect(rows.find((r) => r.title === 'main/loan/loanInfo')?.outcome).toBe(
      'code 9000017 · fault: code',
    );
  });

  it('marks errors, shows only them on demand, filters across bodies and clears by time', () => {
    const errors = buildTimeline(calls, notes, traffic, { ...all, errorsOnly: true });
    expect(errors.map((r) => r.title)).toEqual([
      'main/loan/loanInfo',
      'pickAccount',
      'Unhandled rejection: Error: boom',
    ]);
    // The request body of an exchange is searchable, not only its path.
    expect(
      buildTimeline(calls, notes, traffic, { ...all, filter: '9171234567' }).map((r) => r.title),
    ).toEqual(['main/user/userInfo']);
    expect(
      buildTimeline(calls, notes, traffic, { ...all, filter: 'AMOUNT' }).map((r) => r.title),
    ).toEqual(['pickAccount']);
    expect(
      buildTimeline(calls, notes, traffic, { ...all, since: T + 400 }).map((r) => r.kind),
    ).toEqual(['bridge', 'app-error']);
  });

  it('copies an exchange as a curl command the admin API runs, token from the environment', () => {
    const entry: TrafficEntry = {
      id: 9,
      at: iso(T),
      host: 'channel',
      path: 'app/channel/getSmsCode/v1',
      encrypted: true,
      request: {
        headers: { token: 'tk_1' },
        data: { note: "it's" },
        userBaseInfo: { deviceId: 'D' },
      },
    };
    expect(curlOf(entry, 'http://127.0.0.1:5173/', 'w-abc')).toBe(
      [
        "# Sent end-to-end encrypted; the mock server runs it in the phone's world and answers it decrypted.",
        '# Needs the admin token: export DL_ADMIN_TOKEN=<the token the mock server printed>',
        "curl -sS -X POST 'http://127.0.0.1:5173/__admin/call' \\",
        "  -H 'content-type: application/json' \\",
        '  -H "x-admin-token: $DL_ADMIN_TOKEN" \\',
        "  -H 'x-sim-world: w-abc' \\",
        `  --data-raw '{"host":"channel","path":"app/channel/getSmsCode/v1","data":{"note":"it'\\''s"},"userBaseInfo":{"deviceId":"D"},"token":"tk_1"}'`,
      ].join('\n'),
    );
    expect(curlOf(traffic[0]!, 'http://m', null)).not.toContain('x-sim-world');
  });

  it('marks the answers that came from the world’s upstream, with their contract breaches', () => {
    const mark = {
      url: 'http://127.0.0.1:4011',
      deviceId: 'relay-1-h5',
      ms: 40,
      breaches: [
        {
          kind: 'unknown-field' as const,
          field: 'data.bonus',
          detail: 'not in the contract (number)',
        },
      ],
    };
    const relayed: TrafficEntry[] = [
      { ...traffic[0]!, id: 7, upstream: { ...mark, breaches: [] } },
      { ...traffic[0]!, id: 8, path: 'loan/loanInfo', upstream: mark },
    ];
    const rows = buildTimeline([], [], relayed, { since: 0, filter: '', errorsOnly: false });
    expect(rows.map((r) => r.outcome)).toEqual([
      'code 200 · upstream',
      'code 200 · upstream · 1 contract breach',
    ]);
    const found = buildTimeline([], [], relayed, {
      since: 0,
      filter: 'data.bonus',
      errorsOnly: false,
    });
    expect(found.map((r) => r.title)).toEqual(['main/loan/loanInfo']);
  });
});
