/**
 * Many encrypted calls on many new sessions, as borrowers opening the app for the first time make
 * them. What an engine can get wrong is a key, not a call: a handshake makes three client key
 * pairs (identity, signed prekey, base key) and each answer's ratchet step one more (clamped
 * X25519 scalars, DESIGN.md §5), while concurrent calls share a step. So every round drops the
 * saved session (the app's marks of src/renderer/src/services/signalSessions.ts: a first open)
 * and reloads Home: ~5 calls and 4–5 new keys. WebKitGTK loses the leading zero byte of 1 key in
 * 32 and shows the secure-connection dialog (PRODUCT.md §8); 200 calls make ~180 keys, which such
 * an engine passes with a chance of about 0.3 %. The check passes only with no dialog.
 */
import { type Step, settledGoto } from './borrowerPath';
import { readProbe } from './consoleErrors';
import type { EnginePage } from './enginePage';
import { TrafficSince } from './traffic';

/**
 * In-page: 'dialog' once the secure-connection dialog shows, 'fresh' once Home shows figures not
 * kept from the last visit (no "Updating…"), else ''. Kept figures show from the first frame, and
 * a new session's keys take seconds of pure-JS signing before the first request goes out.
 */
const HOME_STATE = `() => {
  if ((document.body.textContent || '').includes('There is a problem with the secure connection')) {
    return 'dialog';
  }
  const figures = !!document.querySelector('[data-testid="home-amount"]');
  return figures && !document.querySelector('.home-hero__stale') ? 'fresh' : '';
}`;

/**
 * A round is over when the dialog showed, or when Home shows fresh figures and the server logged
 * this round's loan/loanInfo; then its last calls (banners, unread) get quiet time.
 */
async function roundDone(page: EnginePage, round: TrafficSince, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const state = await page.evaluate<string>(HOME_STATE).catch(() => '');
    await round.update();
    const answered = round.list.some((entry) => entry.path === 'loan/loanInfo');
    if (state === 'dialog' || (state === 'fresh' && answered)) break;
    if (Date.now() > deadline) {
      throw new Error(
        `${what}: Home never finished in 60 s (state "${state}"; ${round.summary()})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await round.quiet();
}

/** In-page: forgets the saved Signal sessions, so the next load shakes hands anew. */
const FORGET_SESSIONS = `() => {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith('dl.signalSession.')) localStorage.removeItem(key);
  }
  return true;
}`;

/**
 * In-page: a borrower who logged in earlier (the user store's persisted token, as the e2e's
 * webSession.ts), so the check does not depend on the login step having got through.
 */
const KEEP_SESSION_TOKEN = `(token) => {
  if (!localStorage.getItem('dl.user')) {
    localStorage.setItem('dl.user', JSON.stringify({ tokenValue: token, user: null, loanInfo: null }));
  }
  return true;
}`;

/** The check: at least `minCalls` encrypted calls with no secure-connection dialog. */
export function manySecureCalls(minCalls: number): Step {
  return async (lane) => {
    const { page, admin, base } = lane;
    await settledGoto(lane, `${base}/doc/about_us`);
    await page.evaluate(KEEP_SESSION_TOKEN, await admin.sessionToken());
    await settledGoto(lane, `${base}/`);
    await roundDone(page, await TrafficSince.now(admin), 'the first Home');
    const traffic = await TrafficSince.now(admin);
    const dialogsBefore = (await readProbe(page)).secureDialogs;
    const started = Date.now();
    let reloads = 0;
    while (traffic.encryptedCalls < minCalls) {
      await page.evaluate(FORGET_SESSIONS);
      const round = await TrafficSince.now(admin);
      await page.reload();
      reloads += 1;
      await roundDone(page, round, `reload ${reloads}`);
      await traffic.update();
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
