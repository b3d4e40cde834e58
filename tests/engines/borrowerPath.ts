/**
 * The borrower's main path, step by step, in any engine (PRODUCT.md texts are the selectors, as in
 * the Playwright e2e, DESIGN.md §7): log in with the SMS code, the Home figures, Bill, a repay
 * order with its payment code, a document, a reload that resumes the saved session, and offline
 * and back where the driver can emulate it. The scenario is `repaying` (DESIGN.md §6).
 */
import { formatPeso } from '@shared/money';
import type { LogEntry, MockAdmin } from '@tests/support/mock-server/servedSpa';
import { type EnginePage, waitFor } from './enginePage';
import { TrafficSince } from './traffic';

/** The scenario user of DESIGN.md §6 (PH). */
const PH_USER = { areaCode: '63', phone: '9171234567', code: '1234' } as const;

export interface Lane {
  page: EnginePage;
  admin: MockAdmin;
  /** The server's origin, no trailing slash. */
  base: string;
}

/** A step's outcome line (what it saw), printed after its name. */
export type Step = (lane: Lane) => Promise<string>;

/** In-page: the collapsed text of the first element matching a selector, or ''. */
const TEXT_OF = `(css) => {
  const el = document.querySelector(css);
  return el ? (el.textContent || '').replace(/\\s+/g, ' ').trim() : '';
}`;

/** In-page: whether some visible element matching `css` contains `text`. */
const SHOWS = `(css, text) => [...document.querySelectorAll(css)].some(
  (el) => el.getClientRects().length > 0 && (el.textContent || '').includes(text),
)`;

/** In-page: picks a <select> option the way a change by the user does (React's onChange). */
const SELECT_VALUE = `(css, value) => {
  const select = document.querySelector(css);
  const setValue = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set;
  setValue.call(select, value);
  select.dispatchEvent(new Event('change', { bubbles: true }));
  return select.value;
}`;

const HOME_READY = `() => location.pathname === '/' &&
  !!document.querySelector('nav[aria-label="Main"]') &&
  !!document.querySelector('[data-testid="home-amount"]')`;

/**
 * Opens a page once the current one's calls are over. Leaving a page while its session is being
 * saved can wedge WebKitGTK's IndexedDB for the rest of the browser session (seen here: every
 * later `indexedDB.open` hangs, and the app, which reads its saved session first, never calls);
 * the lane does not cause that itself, so what it reports is the app's and the engine's.
 */
export async function settledGoto({ page, admin }: Lane, url: string): Promise<void> {
  await (await TrafficSince.now(admin)).quiet();
  await page.goto(url);
}

/** Home shows amounts the way PRODUCT.md §9 and DESIGN.md §6 "Amounts are centavos" agree on. */
function pesos(amount: number): string {
  return formatPeso(amount, 0);
}

function newest(log: LogEntry[], path: string): LogEntry | undefined {
  return log.filter((entry) => entry.path === path && entry.response.code === 200).at(-1);
}

function expectEqual(what: string, actual: unknown, expected: unknown) {
  if (actual !== expected) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

export const logIn: Step = async ({ page, admin, base }) => {
  await admin.scenario('repaying');
  await admin.clearLog();
  await page.goto(`${base}/login`);
  // The app's own form, not the one index.html paints before the app runs (docs/architecture.md
  // "Startup"): that one is replaced as the app takes it over, and the driver types into the
  // element it found, which could be gone between two fields.
  await waitFor(
    page,
    "the app's login form",
    `() => !document.querySelector('[data-first-frame]') &&
      !!document.querySelector('input[aria-label="Verification code"]')`,
  );
  await page.evaluate(SELECT_VALUE, 'select[aria-label="Area code"]', PH_USER.areaCode);
  await page.type({ css: 'input[aria-label="Mobile number"]' }, PH_USER.phone);
  await page.type({ css: 'input[aria-label="Verification code"]' }, PH_USER.code);
  await page.click({ css: 'button', text: 'LOGIN', exact: true });
  await waitFor(page, 'Home after LOGIN', HOME_READY, [], 60_000);
  return `logged in as +${PH_USER.areaCode} ${PH_USER.phone}`;
};

export const homeFigures: Step = async ({ page, admin }) => {
  await waitFor(
    page,
    'the Repayment block',
    `() => !!document.querySelector('section[aria-label="Repayment"] .home-card__value')`,
  );
  const loan = newest(await admin.log(500), 'loan/loanInfo')?.response.data as
    | { dueAmount: number }
    | undefined;
  if (!loan) throw new Error('the server answered no loan/loanInfo');
  const due = await page.evaluate<string>(
    TEXT_OF,
    'section[aria-label="Repayment"] .home-card__value',
  );
  expectEqual('Due Amount', due, pesos(loan.dueAmount));
  const headline = await page.evaluate<string>(TEXT_OF, '[data-testid="home-amount"]');
  if (!/^₱[\d,]+$/.test(headline)) throw new Error(`headline amount "${headline}"`);
  return `Due Amount ${due}, headline ${headline}`;
};

/** Offline (driver emulation): the toast, Bill not crashing, and back online Bill loads. */
export const offlineAndBack: Step = async ({ page }) => {
  const network = page.network;
  if (!network) throw new Error(`${page.engine}: the driver has no network emulation`);
  await network.setOffline(true);
  try {
    await waitFor(
      page,
      'the offline toast',
      SHOWS,
      ['body', 'Your network is disconnected'],
      15_000,
    );
    await page.click({ css: 'nav[aria-label="Main"] a', text: 'Bill' });
    await waitFor(page, 'Bill, or its offline state', `() => location.pathname === '/bill'`);
    const crashed = await page.evaluate<boolean>(SHOWS, 'body', 'Something went wrong.');
    if (crashed) throw new Error('offline Bill shows the crash page');
  } finally {
    await network.setOffline(false);
  }
  await waitFor(page, 'the online toast', SHOWS, ['body', 'Your network is connected'], 15_000);
  // Firefox's offline emulation fails the chunk only once the network is back, after the
  // 'online' event the screen waits for: then the borrower's way is Retry (noted, not failed).
  const opened = await waitFor<string>(
    page,
    'the Repayment Plan, or the failed page once online',
    `() => document.querySelector('ul[aria-label="Repayment Plan"]') ? 'by itself' :
      document.querySelector('.page-load-failed button:not([disabled])') ? 'failed' : ''`,
    [],
    30_000,
  );
  if (opened === 'failed') {
    await page.click({ css: '.page-load-failed button', text: 'Retry', exact: true });
  }
  await waitFor(
    page,
    'the Repayment Plan once online',
    `() => !!document.querySelector('ul[aria-label="Repayment Plan"]')`,
    [],
    30_000,
  );
  if (opened === 'failed') {
    return 'offline toast, no crash page; online, Bill did NOT open by itself: it opened on Retry';
  }
  return 'offline toast, no crash page, Bill loads once online';
};

export const billAndRepayOrder: Step = async ({ page, admin }) => {
  if (!(await page.evaluate<boolean>(`() => location.pathname === '/bill'`))) {
    await page.click({ css: 'nav[aria-label="Main"] a', text: 'Bill' });
  }
  await waitFor(
    page,
    'the Repayment Plan',
    `() => !!document.querySelector('ul[aria-label="Repayment Plan"]')`,
  );
  await waitFor(page, 'Amount to Pay ₱8,350', SHOWS, ['[data-testid="amount-to-pay"]', '₱8,350']);
  await page.click({ css: 'button', text: 'REPAY', exact: true });
  await waitFor(page, 'the channel list', `() => location.pathname.startsWith('/repay/selectCh')`);
  await page.click({ css: 'button', text: '7-ELEVEN' });
  await waitFor(page, 'the 7-ELEVEN detail', `() => location.pathname === '/repay/ph/detail'`);
  await page.click({ css: 'button', text: 'REPAY', exact: true });
  const payCode = await waitFor<string>(
    page,
    'the payment code',
    `() => (document.querySelector('[data-testid="pay-code"]') || {}).textContent || ''`,
  );
  const order = newest(await admin.log(500), 'repay/generatorRepayOrder')?.response.data as
    | { payCode: string; orderNo: string }
    | undefined;
  if (!order) throw new Error('the server issued no repay order');
  expectEqual('payment code', payCode.trim(), order.payCode);
  return `order ${order.orderNo}, payment code ${order.payCode}`;
};

export const aboutUsDocument: Step = async (lane) => {
  const { page, base } = lane;
  await settledGoto(lane, `${base}/doc/about_us`);
  await waitFor(page, 'About Us with its text', SHOWS, [
    '.markdown',
    'Lending Company Regulation Act of 2007',
  ]);
  return '/doc/about_us renders';
};

/** A reload goes on with the saved session (IndexedDB): still logged in, no new handshake. */
export const reloadResumesSession: Step = async (lane) => {
  const { page, admin, base } = lane;
  await settledGoto(lane, `${base}/`);
  await waitFor(page, 'Home', HOME_READY, [], 60_000);
  // A borrower reopens the app, not reloads it mid-call: Home's calls are over first.
  await (await TrafficSince.now(admin)).quiet();
  const traffic = await TrafficSince.now(admin);
  await page.reload();
  await waitFor(page, 'Home after the reload (not /login)', HOME_READY, [], 60_000);
  // The first frame shows the figures kept from the last visit ("Updating…"); the fresh ones
  // are asked on the resumed session.
  await traffic.until('loan/loanInfo call after the reload', (e) => e.path === 'loan/loanInfo');
  await waitFor(
    page,
    'fresh figures after the reload',
    `() => !document.querySelector('.home-hero__stale') &&
      !!document.querySelector('section[aria-label="Repayment"] .home-card__value')`,
  );
  if (traffic.handshakes > 0) {
    throw new Error(`the reload shook hands again (${traffic.handshakes}) instead of resuming`);
  }
  return `resumed: ${traffic.encryptedCalls} encrypted call(s), 0 handshakes`;
};
