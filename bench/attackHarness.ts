/**
 * The harness's own doors in `npm run bench -- --only attack`: app paths that are a script or
 * another site once their slash is gone (`?path=`, a repro bundle, a route in server data), and a
 * page on another local port asking the dev server (`npm run dev:web`) for the mock server's
 * identity file, the repository's files and CORS. Loopback only; the dev server and its data dir
 * are removed at the end. Goals: no hostile path leaves the app, nothing secret is served, no
 * foreign origin gets CORS. (The admin token bound to its server needs a browser: covered by
 * tests/e2e/harness-security.spec.ts.)
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { IDENTITY_FILE } from '../mock-server/crypto/serverIdentity';
import { startDevWeb } from '../scripts/dev-web';
import { appPathUrl } from '@shared/appPath';
import { reproBundleSchema } from '@host/reproBundle';
import type { Figure } from './lib/report';

const root = path.resolve(import.meta.dirname, '..');
const section = 'attack';

/** Paths an attacker writes, each with the tricks that fooled `startsWith('/')` checks. */
const HOSTILE_APP_PATHS = [
  '/javascript:parent.sessionStorage',
  '/JaVaScRiPt:alert(1)',
  '/java%0ascript:alert(1)',
  '/data:text/html,<script>alert(1)</script>',
  '/http://127.0.0.2:9/',
  '/https:127.0.0.2',
  '//127.0.0.2/',
  '/\\127.0.0.2',
  '/\\\\127.0.0.2',
  '/a/..//127.0.0.2',
  '/%2F%2F127.0.0.2',
  '/%5c127.0.0.2',
  '/\tjavascript:alert(1)',
];

/** How many hostile paths are not refused: by the phone URL builder (harness and Electron bases)
 * and by the repro bundle schema. */
function hostilePathsTaken(): { opened: number; bundled: number } {
  let opened = 0;
  for (const base of ['http://127.0.0.1:5173/', 'app://simulator/']) {
    // A refused path opens the app's start, never anything else.
    for (const hostile of HOSTILE_APP_PATHS) if (appPathUrl(hostile, base) !== base) opened += 1;
  }
  let bundled = 0;
  for (const hostile of HOSTILE_APP_PATHS) {
    const parsed = reproBundleSchema.safeParse({ path: hostile });
    const refused = parsed.error?.issues.some((issue) => issue.path[0] === 'path') ?? false;
    if (!refused) bundled += 1;
  }
  return { opened, bundled };
}

/** What the dev server hands a page on another local port. */
async function devServerLeaks(): Promise<{ served: string[]; cors: string[] }> {
  const dataDir = path.join(root, '.mock-data', `bench-dev-web-${process.pid}`);
  await mkdir(dataDir, { recursive: true });
  const dev = await startDevWeb({ port: 0, mockPort: 0, dataDir, quiet: true });
  try {
    const foreign = 'http://localhost:9';
    const served: string[] = [];
    for (const file of [path.join(dataDir, IDENTITY_FILE), path.join(root, 'package.json')]) {
      const answer = await fetch(new URL(`/@fs${file}`, dev.appUrl), {
        headers: { origin: foreign },
      });
      if (answer.ok) served.push(path.relative(root, file));
    }
    const cors: string[] = [];
    for (const target of ['src/main.tsx', 'harness.html']) {
      const answer = await fetch(new URL(target, dev.appUrl), {
        method: 'OPTIONS',
        headers: { origin: foreign, 'access-control-request-method': 'GET' },
      });
      if (answer.headers.get('access-control-allow-origin')) cors.push(target);
    }
    return { served, cors };
  } finally {
    await dev.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchHarnessDoors(): Promise<Figure[]> {
  const paths = hostilePathsTaken();
  const dev = await devServerLeaks();
  return [
    {
      section,
      name: 'hostile app paths opened in the phone',
      value: paths.opened,
      unit: '',
      goal: { op: '<=', limit: 0 },
      note: `${HOSTILE_APP_PATHS.length} paths × harness and Electron bases`,
    },
    {
      section,
      name: 'repro bundles taken with a hostile path',
      value: paths.bundled,
      unit: '',
      goal: { op: '<=', limit: 0 },
    },
    {
      section,
      name: 'dev server files served to another local page',
      value: dev.served.length,
      unit: '',
      goal: { op: '<=', limit: 0 },
      ...(dev.served.length ? { note: dev.served.join(', ') } : {}),
    },
    {
      section,
      name: 'dev server CORS grants to another local page',
      value: dev.cors.length,
      unit: '',
      goal: { op: '<=', limit: 0 },
    },
  ];
}
