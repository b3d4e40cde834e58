// Finds the Chromium the e2e tests, the benchmarks and `npm run shots` drive, never downloading one:
// CHROMIUM_PATH, then Debian's /usr/bin/chromium, then the Chromium shipped inside the
// @sparticuz/chromium npm package (unpacked to the temp dir on first use, ≈ 2 s), so a fresh
// machine with Node only needs `npm install`. DL_SKIP_SYSTEM_CHROMIUM=1 skips the system paths
// (how the fresh-machine check proves the packaged fallback). Prints nothing.
import { existsSync } from 'node:fs';

/** Flags every launch gets (DESIGN.md §8): no sandbox as root, no background traffic. */
export const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The packaged build's own recommended flags, minus the ones that would change what the tests
 * observe: it also recommends disabling web security, site isolation and running in a single
 * process (for serverless hosts), which would hide CORS, CSP and isolation bugs here.
 */
const PACKAGED_ARGS_DROPPED =
  /web-security|insecure-content|site-isolation|single-process|IsolateOrigins|^--headless/;

async function packagedChromium() {
  try {
    const { default: packaged } = await import('@sparticuz/chromium');
    const path = await packaged.executablePath();
    const extra = packaged.args.filter((arg) => !PACKAGED_ARGS_DROPPED.test(arg));
    return { path, source: '@sparticuz/chromium', args: mergeArgs(BASE_ARGS, extra) };
  } catch {
    return null;
  }
}

function mergeArgs(ours, theirs) {
  return [...new Set([...ours, ...theirs])];
}

/** Flags for a Chromium at `path`, as e2e.mjs hands them to Playwright's config. */
export function argsFromEnv(env = process.env) {
  return env.CHROMIUM_ARGS ? env.CHROMIUM_ARGS.split('\n') : [...BASE_ARGS];
}

/** `{path, source, args}` of the first Chromium found, or null. */
export async function findChromium() {
  const skipSystem = process.env.DL_SKIP_SYSTEM_CHROMIUM === '1';
  const candidates = [
    [process.env.CHROMIUM_PATH, 'CHROMIUM_PATH'],
    ...(skipSystem
      ? []
      : [
          ['/usr/bin/chromium', 'Debian chromium'],
          ['/usr/bin/chromium-browser', 'system chromium-browser'],
        ]),
  ];
  for (const [path, source] of candidates) {
    if (path && existsSync(path)) return { path, source, args: [...BASE_ARGS] };
  }
  return packagedChromium();
}

export const NO_CHROMIUM_MESSAGE =
  'No Chromium found: `npm install` should have installed @sparticuz/chromium (run it again), or ' +
  'set CHROMIUM_PATH, or install one with `apt-get install -y chromium` (Debian).';
