/**
 * `npm run test:engines`: the borrower's main path in the engines Debian packages — WebKitGTK
 * (WebKitWebDriver + MiniBrowser under Xvfb) and Firefox ESR (WebDriver BiDi) — against the
 * production build served by the mock server, failing on console errors; in WebKit also many
 * encrypted calls in a row with no secure-connection dialog (docs/testing.md "Browser support",
 * "Engine lane"). Playwright's own browsers cannot be installed here, and `npm test` stays
 * Chromium-only.
 *
 * Missing browsers: one sentence on how to install them, then exit 0 locally (loudly skipped) or
 * 1 when CI=true. Closing line: "N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import { adminOf, serveBuiltSpa } from '@tests/support/mock-server/servedSpa';
import {
  aboutUsDocument,
  billAndRepayOrder,
  homeFigures,
  type Lane,
  logIn,
  offlineAndBack,
  reloadResumesSession,
  type Step,
} from './borrowerPath';
import { findFirefox, findWebKit, INSTALL_SENTENCE } from './browsers';
import { addProbe, ConsoleErrors } from './consoleErrors';
import type { EnginePage } from './enginePage';
import { openFirefox } from './firefox';
import { manySecureCalls } from './secureCalls';
import { openWebKit } from './webkit';

/** Encrypted calls of the repeated-call check (at least 100: 1 key in 32 is enough to show). */
const SECURE_CALLS = Math.max(100, Number(process.env.ENGINE_LANE_SECURE_CALLS ?? 200) || 200);

/** `--engine webkit` or `--engine firefox` runs one engine (both by default). */
const engineArg = process.argv.indexOf('--engine');
const only = engineArg > 0 ? process.argv[engineArg + 1] : undefined;

/** Console errors printed per failed step (the first ones say what broke). */
const MAX_ERRORS_SHOWN = 6;

const inCi = process.env.CI === 'true';
const webkit = findWebKit();
const firefox = findFirefox();
const missing = [
  ...('missing' in webkit ? webkit.missing : []),
  ...(firefox ? [] : ['firefox-esr']),
];
if (missing.length > 0) {
  const verdict = inCi ? 'FAILED (CI=true)' : 'SKIPPED';
  console.error(
    `\n*** engine lane ${verdict}: ${missing.join(', ')} not found. ${INSTALL_SENTENCE}\n`,
  );
  process.exit(inCi ? 1 : 0);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
if (!process.argv.includes('--no-build')) {
  const build = spawnSync(npm, ['run', 'build:web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const served = await serveBuiltSpa(addProbe);
const lane = { admin: adminOf(served.server), base: served.server.url };
let passed = 0;
let failed = 0;

function report(name: string, error: unknown, detail = '') {
  if (error === undefined) {
    passed += 1;
    console.log(`  ok   ${name}${detail ? ` — ${detail}` : ''}`);
  } else {
    failed += 1;
    const reason = error instanceof Error ? error.message : String(error);
    console.log(`  FAIL ${name}\n       ${reason.replace(/\n/g, '\n       ')}`);
  }
}

/** The failure with where the page was and what it showed. */
async function withScreen(page: EnginePage, failure: unknown): Promise<Error> {
  const reason = failure instanceof Error ? failure.message : String(failure);
  const screen = await page
    .evaluate<string>(
      `() => location.href + ' shows: ' + (document.body ? document.body.innerText : '').replace(/\\s+/g, ' ').slice(0, 300)`,
    )
    .catch((error: unknown) => `(page unreadable: ${String(error)})`);
  return new Error(`${reason}\nat ${screen}`);
}

/** Failed-resource events, one line (offline steps make them on purpose: never failing). */
function resourceNote(resources: string[]): string {
  const files = [...new Set(resources.map((line) => line.replace(/^resource: /, '')))];
  const shown = files.slice(0, 2).join(' | ') + (files.length > 2 ? ' | …' : '');
  return `${resources.length} failed-resource event(s): ${shown}`;
}

/** One step: its own failure, then the console errors logged meanwhile. */
async function runStep(
  step: Step,
  lane: Lane,
  errors: ConsoleErrors,
): Promise<{ failure?: Error; detail: string }> {
  let detail = '';
  let failure: Error | undefined;
  try {
    detail = await step(lane);
  } catch (error) {
    failure = await withScreen(lane.page, error);
  }
  const { logged, resources } = await errors.fresh();
  if (resources.length > 0) detail += `${detail ? '; ' : ''}${resourceNote(resources)}`;
  if (logged.length > 0) {
    const shown = logged.slice(0, MAX_ERRORS_SHOWN);
    if (logged.length > shown.length) shown.push(`… and ${logged.length - shown.length} more`);
    const before = failure ? `${failure.message}\n` : '';
    failure = new Error(`${before}${logged.length} console error(s):\n${shown.join('\n')}`);
  }
  return { ...(failure ? { failure } : {}), detail };
}

/**
 * Runs an engine's steps in order, each failing on its own error or on console errors. The main
 * path stops at its first failure (the next steps need it); `independent` steps run anyway.
 */
async function runEngine(
  engine: string,
  open: () => Promise<EnginePage>,
  steps: [name: string, step: Step][],
  independent: [name: string, step: Step][] = [],
) {
  console.log(`\n${engine}`);
  const startedAt = Date.now();
  let page: EnginePage;
  try {
    page = await open();
  } catch (error) {
    report(`${engine}: start the browser`, error);
    return;
  }
  const errors = new ConsoleErrors(page);
  try {
    let broken = false;
    for (const [name, step] of steps) {
      if (broken) {
        console.log(`  skip ${engine}: ${name} (needs the failed step above)`);
        continue;
      }
      const { failure, detail } = await runStep(step, { ...lane, page }, errors);
      report(`${engine}: ${name}`, failure, detail);
      broken = failure !== undefined;
    }
    for (const [name, step] of independent) {
      const { failure, detail } = await runStep(step, { ...lane, page }, errors);
      report(`${engine}: ${name}`, failure, detail);
    }
  } finally {
    await page.close();
    console.log(`  (${engine}: ${((Date.now() - startedAt) / 1000).toFixed(0)} s)`);
  }
}

/** The borrower's main path, in both engines. */
const mainPath: [string, Step][] = [
  ['log in with the SMS code', logIn],
  ['Home figures', homeFigures],
  ['Bill → REPAY → 7-ELEVEN → order with a payment code', billAndRepayOrder],
  ['document /doc/about_us', aboutUsDocument],
  ['reload resumes the saved session', reloadResumesSession],
];

try {
  if (!('missing' in webkit) && only !== 'firefox') {
    console.log('\n(WebKitGTK: no offline step — WebKitWebDriver has no network emulation)');
    await runEngine('WebKitGTK', () => openWebKit(webkit), mainPath, [
      [
        `${SECURE_CALLS} encrypted calls on new sessions, no secure-connection dialog`,
        manySecureCalls(SECURE_CALLS),
      ],
    ]);
  }
  if (firefox && only !== 'webkit') {
    // Offline before Bill's first visit: its code is not loaded yet (PRODUCT.md §4 offline).
    await runEngine('Firefox ESR', () => openFirefox(firefox), [
      ...mainPath.slice(0, 2),
      ['offline and back', offlineAndBack],
      ...mainPath.slice(2),
    ]);
  }
} finally {
  await served.close();
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
