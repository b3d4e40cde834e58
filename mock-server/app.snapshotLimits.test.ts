/**
 * Clock moves and snapshot restores take only values a world can hold, and a refused restore
 * leaves the world as it was (src/shared/workbench.ts ranges: dates from 2000 to 2100, at most
 * 500 log entries and 200 faults).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ClockState,
  MAX_ARMED_FAULTS,
  MAX_CLOCK_SPAN_MS,
  MAX_INSTANT_MS,
  type WorldSnapshot,
} from '@shared/workbench';
import type { MockServer } from './app';
import { admin, startServer } from '@tests/support/mock-server/testHarness';

let server: MockServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const json = async <T>(res: Response | Promise<Response>) => (await (await res).json()) as T;
const WORLD = 'limits';
const snapshotOf = () => json<WorldSnapshot>(admin(server, 'GET', `worlds/${WORLD}/snapshot`));

/** What must not change when a move or a restore is refused. */
async function fingerprint() {
  const snapshot = await snapshotOf();
  return {
    scenario: snapshot.scenario,
    clockNow: snapshot.clock.now,
    running: snapshot.clock.running,
    faults: snapshot.faults.map((f) => f.id),
    log: snapshot.log.length,
    state: JSON.stringify(snapshot.state),
  };
}

describe('values out of range', () => {
  beforeAll(async () => {
    await admin(server, 'PUT', 'scenario', { name: 'overdue' }, WORLD);
    await admin(server, 'POST', 'faults', { path: 'loan/loanInfo', kind: 'delay' }, WORLD);
    await admin(server, 'PUT', 'clock', { at: '2026-03-01T00:00:00Z', running: false }, WORLD);
  });

  it('a clock move out of range answers 400 and leaves the clock', async () => {
    const before = await json<ClockState>(admin(server, 'GET', 'clock', undefined, WORLD));
    for (const body of [
      { at: 1e300 },
      { at: '+275760-09-13T00:00:00Z' },
      { at: -1 },
      { advanceMs: 1e300 },
      { advanceMs: MAX_CLOCK_SPAN_MS },
    ]) {
      const res = await admin(server, 'PUT', 'clock', body, WORLD);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    // Frozen: the same instant (its offset from real time grows as real time runs).
    const after = await json<ClockState>(admin(server, 'GET', 'clock', undefined, WORLD));
    expect(after).toMatchObject({ now: before.now, running: false });
  });

  it('a snapshot with a value out of range is refused whole, the world unchanged', async () => {
    const good = await snapshotOf();
    const before = await fingerprint();
    const entry = {
      id: 1,
      at: '2026-03-01T00:00:00.000Z',
      host: 'main',
      path: 'p',
      encrypted: false,
    };
    const bad: [string, WorldSnapshot][] = [
      ['clock.now 1e300', { ...good, clock: { now: 1e300, offsetMs: 0, running: false } }],
      [
        'an offset past the largest span',
        { ...good, clock: { now: good.clock.now, offsetMs: MAX_CLOCK_SPAN_MS + 1, running: true } },
      ],
      ['a log entry at 1e20', { ...good, scenario: 'can-borrow', log: [{ ...entry, at: 1e20 }] }],
      ['a log entry at a non-date', { ...good, log: [{ ...entry, at: 'yesterday' }] }],
      [
        '90,000 log entries',
        { ...good, log: Array.from({ length: 90_000 }, (_, i) => ({ ...entry, id: i })) },
      ],
      [
        'too many faults',
        {
          ...good,
          faults: Array.from({ length: MAX_ARMED_FAULTS + 1 }, (_, i) => ({
            ...(good.faults[0] as WorldSnapshot['faults'][number]),
            id: `f-${i}`,
          })),
        },
      ],
      ['a malformed state', { ...good, scenario: 'can-borrow', state: { version: 1 } }],
    ];
    for (const [what, snapshot] of bad) {
      const res = await admin(server, 'PUT', `worlds/${WORLD}/snapshot`, snapshot);
      expect(res.status, what).toBe(400);
      expect(await fingerprint(), what).toEqual(before);
    }
    // The good one still restores.
    expect((await admin(server, 'PUT', `worlds/${WORLD}/snapshot`, good)).status).toBe(200);
  });

  it('a running clock whose offset now points past 2100 is restored stopped at the limit', async () => {
    // What a world whose clock ran into the limit saves: restored later, it is still there.
    const good = await snapshotOf();
    const running = { now: good.clock.now, offsetMs: MAX_CLOCK_SPAN_MS, running: true };
    const res = await admin(server, 'PUT', `worlds/${WORLD}/snapshot`, { ...good, clock: running });
    expect(res.status).toBe(200);
    const clock = await json<WorldSnapshot['clock']>(
      admin(server, 'GET', 'clock', undefined, WORLD),
    );
    expect(clock).toMatchObject({ now: MAX_INSTANT_MS, running: true });
    expect((await admin(server, 'PUT', `worlds/${WORLD}/snapshot`, good)).status).toBe(200);
  });

  it('arms at most MAX_ARMED_FAULTS faults in a world', async () => {
    const world = 'many-faults';
    for (let i = 0; i < MAX_ARMED_FAULTS; i += 1) {
      const res = await admin(server, 'POST', 'faults', { path: `p${i}`, kind: 'delay' }, world);
      expect(res.status).toBe(201);
    }
    const over = await admin(server, 'POST', 'faults', { path: 'one-more', kind: 'delay' }, world);
    expect(over.status).toBe(409);
    // What a world holds, its snapshot carries and a restore takes.
    const snapshot = await json<WorldSnapshot>(admin(server, 'GET', `worlds/${world}/snapshot`));
    expect((await admin(server, 'PUT', 'worlds/many-faults-copy/snapshot', snapshot)).status).toBe(
      200,
    );
  });
});
