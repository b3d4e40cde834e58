/**
 * Many encrypted calls on many new sessions, as borrowers opening the app for the first time make
 * them. What an engine can get wrong is a key, not a call: a handshake makes three client key
 * pairs (identity, signed prekey, base key) and each answer's ratchet step one more (clamped
 * X25519 scalars, DESIGN.md §5), while concurrent calls share a step. So every round drops the
 * saved session (the app's marks of src/renderer/src/services/signalSessions.ts: a first open)
 * and reloads Home: ~5 calls and ~5 new keys. WebKitGTK loses the leading zero byte of 1 key in 32
 * and shows the secure-connection dialog (PRODUCT.md §8); 200 calls make ~200 keys, which a
 * broken engine passes with a chance of about 0.2 %. The check passes only with no dialog.
 */
import type { LogEntry } from '../support/mockServer';
import type { Lane, Step } from './borrowerPath';
import { readProbe } from './consoleErrors';
import { waitFor } from './enginePage';

const HANDSHAKE_PATH = 'config/getServicePublicKey';

/** Home drew its figures, or the dialog took over (then the figures may never come). */
const ROUND_DONE = `() => !!document.querySelector('nav[aria-label="Main"]') &&
  (!!document.querySelector('[data-testid="home-amount"]') ||
    (document.body.textContent || '').includes('There is a problem with the secure connection'))`;

/** In-page: forgets the saved Signal sessions, so the next load shakes hands anew. */
const FORGET_SESSIONS = `() => {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith('dl.signalSession.')) localStorage.removeItem(key);
  }
  return true;
}`;

/** Quiet this long: Home's calls of the round are over (its effects start them in rounds). */
const QUIET_MS = 1_200;

class TrafficSince {
  private readonly entries = new Map<number, LogEntry>();
  constructor(
    private readonly lane: Lane,
    private readonly after: number,
  ) {}

  /** Reads the entries logged since the last read (the log keeps the newest 500). */
  async update(): Promise<number> {
    const log = await this.lane.admin.log(500);
    for (const entry of log) if (entry.id > this.after) this.entries.set(entry.id, entry);
    return log.at(-1)?.id ?? this.after;
  }

  /** Resolves once nothing new was logged for QUIET_MS. */
  async quiet(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let newest = await this.update();
    let since = Date.now();
    while (Date.now() - since < QUIET_MS) {
      if (Date.now() > deadline) throw new Error('the page kept calling the API for 30 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const now = await this.update();
      if (now !== newest) {
        newest = now;
        since = Date.now();
      }
    }
  }

  get encryptedCalls(): number {
    return [...this.entries.values()].filter((entry) => entry.encrypted).length;
  }

  get handshakes(): number {
    return [...this.entries.values()].filter((entry) => entry.path === HANDSHAKE_PATH).length;
  }

  /** Answers the client could not have decrypted, or refused envelopes (not 200). */
  get refused(): number {
    return [...this.entries.values()].filter((entry) => entry.encrypted && entry.status !== 200)
      .length;
  }
}

/** The check: at least `minCalls` encrypted calls with no secure-connection dialog. */
export function manySecureCalls(minCalls: number): Step {
  return async (lane) => {
    const { page, admin, base } = lane;
    await page.goto(`${base}/`);
    await waitFor(page, 'Home', ROUND_DONE, [], 60_000);
    const traffic = new TrafficSince(lane, (await admin.log(1)).at(-1)?.id ?? 0);
    await traffic.quiet();
    const dialogsBefore = (await readProbe(page)).secureDialogs;
    const started = Date.now();
    let reloads = 0;
    while (traffic.encryptedCalls < minCalls) {
      await page.evaluate(FORGET_SESSIONS);
      await page.reload();
      reloads += 1;
      await waitFor(page, `Home after reload ${reloads}`, ROUND_DONE, [], 60_000);
      await traffic.quiet();
    }
    const dialogs = (await readProbe(page)).secureDialogs - dialogsBefore;
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const figures =
      `${traffic.encryptedCalls} encrypted calls over ${reloads} reloads in ${seconds} s, ` +
      `${traffic.handshakes} new sessions, ${traffic.refused} refused, ` +
      `${dialogs} secure-connection dialog(s)`;
    if (dialogs > 0) throw new Error(figures);
    return figures;
  };
}
