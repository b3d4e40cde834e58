/**
 * The first performance round's SPA (bench/README.md "Startup", the A/B against round 1): built
 * from git at ROUND_ONE_COMMIT in a temporary folder with its own lockfile (`npm ci` from the
 * registry) and its own `vite build`, then kept under `node_modules/.cache/` keyed by the commit,
 * so a second bench run serves the same files without building again. Never committed: the cache
 * is under node_modules/.
 *
 * Its build talks to the API contract of today's mock server (the same `app-config.json`, bridge,
 * handshake and envelopes; checked when this was written: cold Home shows its amount and Apply
 * Now, Login its form), so the startup section serves it with the same server code as today's
 * build.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The commit of the first performance round's build ("round 1" in the figures). */
export const ROUND_ONE_COMMIT = 'ab73f61';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CACHE = path.join(ROOT, 'node_modules/.cache/dl-bench-round-one');
/** Written last: a folder without it is a build that did not finish. */
const DONE_FILE = 'built.json';

/** Runs a command, its output kept for the error; rejects on a non-zero exit. */
function run(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; stdoutTo?: string },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else {
        const tail = output.trim().split('\n').slice(-5).join(' / ');
        reject(new Error(`${command} ${args.join(' ')} exited with ${code}: ${tail}`));
      }
    });
  });
}

/** The full hash of `commit` in this repository; a clear error when the clone lacks it. */
async function fullCommit(commit: string): Promise<string> {
  try {
    return (
      await run('git', ['rev-parse', '--verify', `${commit}^{commit}`], { cwd: ROOT })
    ).trim();
  } catch {
    throw new Error(
      `the first round's commit ${commit} is not in this clone (a shallow clone?): fetch it to compare`,
    );
  }
}

/**
 * The built SPA of the first round (a directory with its index.html), from the cache or built now
 * (a few minutes: its own `npm ci` and build). `log` hears what it does.
 */
export async function builtRoundOne(log: (line: string) => void = () => {}): Promise<string> {
  const commit = await fullCommit(ROUND_ONE_COMMIT);
  const home = path.join(CACHE, commit);
  const web = path.join(home, 'web');
  if (existsSync(path.join(home, DONE_FILE)) && existsSync(path.join(web, 'index.html'))) {
    return web;
  }
  log(`building the first round's SPA (${commit.slice(0, 7)}) into ${path.relative(ROOT, web)}`);
  const source = await mkdtemp(path.join(tmpdir(), 'dl-bench-round-one-'));
  try {
    // `git archive` of the commit, as its own tree: its lockfile, config and sources.
    await run('sh', ['-c', `git archive --format=tar ${commit} | tar -x -C "${source}"`], {
      cwd: ROOT,
    });
    // Its own dependencies from the registry. No install scripts: the build needs none (Electron's
    // would try to download its binary).
    await run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: source,
      env: { NODE_ENV: 'development' },
    });
    const staging = path.join(home, 'web.partial');
    await rm(home, { recursive: true, force: true });
    await mkdir(home, { recursive: true });
    await run(
      process.execPath,
      [
        path.join(source, 'node_modules/vite/bin/vite.js'),
        'build',
        '--config',
        'vite.web.config.ts',
        '--mode',
        'production',
        '--outDir',
        staging,
        '--emptyOutDir',
      ],
      { cwd: source, env: { NODE_ENV: 'production' } },
    );
    await rename(staging, web);
    const packageJson = JSON.parse(await readFile(path.join(source, 'package.json'), 'utf8')) as {
      devDependencies?: Record<string, string>;
    };
    await writeFile(
      path.join(home, DONE_FILE),
      `${JSON.stringify({ commit, builtAt: new Date().toISOString(), vite: packageJson.devDependencies?.vite }, null, 2)}\n`,
    );
    return web;
  } finally {
    await rm(source, { recursive: true, force: true });
  }
}
