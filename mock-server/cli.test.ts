import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ContractReport } from '@shared/upstream';
import type { MockServer } from './app';
import {
  CliError,
  COMMAND_LINE_TOKEN_NOTE,
  CONTRACT_BREACH_EXIT,
  networkWarning,
  parseCliArgs,
} from './cli';
import { admin, clientFor, startServer } from '@tests/support/mock-server/testHarness';

const root = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('parseCliArgs', () => {
  it('has the documented defaults', () => {
    expect(parseCliArgs([], '/repo')).toEqual({
      port: 4010,
      host: '127.0.0.1',
      scenario: undefined,
      webDir: undefined,
      dataDir: '/repo/.mock-data',
      adminToken: undefined,
    });
  });

  it('takes an admin token, and requires one when --host leaves the machine', () => {
    expect(parseCliArgs(['--admin-token', 'a-long-enough-token'], '/r').adminToken).toBe(
      'a-long-enough-token',
    );
    expect(() => parseCliArgs(['--host', '0.0.0.0'], '/r', {})).toThrow(/explicit admin token/);
    expect(
      parseCliArgs(['--host', '0.0.0.0', '--admin-token', 'a-long-enough-token'], '/r').host,
    ).toBe('0.0.0.0');
    expect(networkWarning('0.0.0.0')).toMatch(/admin API and the decrypted traffic log/);
  });

  it('takes the admin token from DL_ADMIN_TOKEN or a file too, out of sight of ps', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mock-cli-token-'));
    dirs.push(dir);
    await writeFile(path.join(dir, 'token'), 'token-from-a-file-0001\n', { mode: 0o600 });
    const fromEnv = parseCliArgs([], '/r', { DL_ADMIN_TOKEN: 'token-from-the-env-01' });
    expect(fromEnv).toMatchObject({
      adminToken: 'token-from-the-env-01',
      adminTokenSource: 'DL_ADMIN_TOKEN',
    });
    expect(parseCliArgs(['--admin-token-file', 'token'], dir, {})).toMatchObject({
      adminToken: 'token-from-a-file-0001',
      adminTokenSource: `--admin-token-file ${path.join(dir, 'token')}`,
    });
    // An argument is explicit and wins over the environment; two arguments are a mistake.
    expect(
      parseCliArgs(['--admin-token-file', 'token'], dir, {
        DL_ADMIN_TOKEN: 'token-from-the-env-01',
      }).adminToken,
    ).toBe('token-from-a-file-0001');
    expect(() =>
      parseCliArgs(
        ['--admin-token', 'a-long-enough-token', '--admin-token-file', 'token'],
        dir,
        {},
      ),
    ).toThrow(/already given by --admin-token/);
    expect(() => parseCliArgs(['--admin-token-file', 'missing'], dir, {})).toThrow(
      /cannot be read \(ENOENT\)/,
    );
    expect(() => parseCliArgs([], '/r', { DL_ADMIN_TOKEN: 'short' })).toThrow(
      /DL_ADMIN_TOKEN: the admin token needs at least 16 characters/,
    );
    expect(
      parseCliArgs(['--host', '0.0.0.0'], '/r', { DL_ADMIN_TOKEN: 'token-from-the-env-01' }).host,
    ).toBe('0.0.0.0');
  });

  it.skipIf(process.platform === 'win32')(
    'refuses an admin token file other users can read, as ssh refuses such a key',
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'mock-cli-token-'));
      dirs.push(dir);
      for (const mode of [0o644, 0o640, 0o604]) {
        const file = path.join(dir, `token-${mode.toString(8)}`);
        await writeFile(file, 'token-from-a-file-0001\n');
        await chmod(file, mode);
        expect(() => parseCliArgs(['--admin-token-file', file], dir, {})).toThrow(
          `--admin-token-file ${file} can be read by other users (mode 0${mode.toString(8)}): the admin token must be private to its owner (chmod 600 ${file})`,
        );
      }
      const owner = path.join(dir, 'token-400');
      await writeFile(owner, 'token-from-a-file-0001\n');
      await chmod(owner, 0o400);
      expect(parseCliArgs(['--admin-token-file', owner], dir, {}).adminToken).toBe(
        'token-from-a-file-0001',
      );
    },
  );

  it('reads every option, with a space or =', () => {
    const options = parseCliArgs(['--port', '0', '--scenario=taiwan', '--data-dir', 'd'], '/r');
    expect(options).toMatchObject({ port: 0, scenario: 'taiwan', dataDir: '/r/d' });
    const upstream = parseCliArgs(
      ['--upstream=http://127.0.0.1:4011', '--record', 'staging-bill', '--check-contract'],
      '/r',
    );
    expect(upstream).toMatchObject({
      upstream: 'http://127.0.0.1:4011',
      record: 'staging-bill',
      checkContract: true,
    });
  });

  it.each([
    [['--port'], /--port needs a value/],
    [['--port', 'abc'], /--port must be a number/],
    [['--port', '70000'], /--port must be a number/],
    [['--scenario', '--port'], /--scenario needs a value/],
    [['--verbose'], /Unknown argument "--verbose"/],
    [['--web', '/no/such/dir'], /has no index.html/],
    [['--admin-token', 'short'], /at least 16 characters/],
    [['--upstream', 'http://u:p@127.0.0.1:1'], /--upstream: .*credentials/],
    [['--upstream', 'http://127.0.0.1:1/api'], /--upstream: An upstream is an origin/],
    [['--record', 'My Recording'], /--record takes a kebab-case name/],
    [['--check-contract'], /--check-contract checks an upstream: give --upstream URL too/],
    [['--check-contract=yes', '--upstream', 'http://127.0.0.1:1'], /takes no value/],
  ])('refuses %j clearly', (args, message) => {
    expect(() => parseCliArgs(args, '/r')).toThrow(CliError);
    expect(() => parseCliArgs(args, '/r')).toThrow(message);
  });
});

/** Runs the CLI; resolves with its output once `until` matches or it exits. */
function runCli(args: string[], until: RegExp, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'mock-server/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const done = new Promise<{ output: string; code: number | null }>((resolve) => {
    const check = () => {
      if (until.test(output)) resolve({ output, code: null });
    };
    child.stdout.on('data', (chunk) => {
      output += chunk;
      check();
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      check();
    });
    child.on('exit', (code) => resolve({ output, code }));
  });
  return { child, done, output: () => output };
}

/** Resolves once `condition` holds (checked as output arrives; the test's timeout bounds it). */
async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('npm run mock', () => {
  it('starts, logs its URLs and scenario, and serves the admin API', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mock-cli-'));
    dirs.push(dataDir);
    const { child, done } = runCli(
      ['--port', '0', '--scenario', 'taiwan', '--data-dir', dataDir],
      /data dir:.*\n/,
    );
    try {
      const { output } = await done;
      const url = /listening on (http:\/\/[\d.:]+)/.exec(output)?.[1];
      expect(url).toBeDefined();
      expect(output).toContain('scenario: taiwan');
      expect(output).toContain(`${url}/__admin/scenarios`);
      const adminToken = /admin token: (\S+)/.exec(output)?.[1] ?? '';
      expect(adminToken.length).toBeGreaterThanOrEqual(16);
      expect((await fetch(`${url}/__admin/scenarios`)).status).toBe(401);
      const res = await fetch(`${url}/__admin/scenarios`, {
        headers: { 'x-admin-token': adminToken },
      });
      expect(((await res.json()) as { current: string }).current).toBe('taiwan');
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);

  it('takes the token from DL_ADMIN_TOKEN: not in its arguments, not in its log', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mock-cli-'));
    dirs.push(dataDir);
    const token = 'env-given-admin-token-0001';
    const { child, done } = runCli(['--port', '0', '--data-dir', dataDir], /data dir:.*\n/, {
      DL_ADMIN_TOKEN: token,
    });
    try {
      const { output } = await done;
      expect(child.spawnargs.join(' ')).not.toContain(token);
      expect(output).not.toContain(token);
      expect(output).toContain('admin token: (from DL_ADMIN_TOKEN)');
      expect(output).not.toContain(COMMAND_LINE_TOKEN_NOTE);
      const url = /listening on (http:\/\/[\d.:]+)/.exec(output)?.[1];
      const res = await fetch(`${url}/__admin/scenarios`, { headers: { 'x-admin-token': token } });
      expect(res.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);

  it('with --check-contract prints each breach of the upstream and exits 1 when stopped', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mock-cli-'));
    dirs.push(dataDir);
    const backend: MockServer = await startServer({ scenario: 'repaying' });
    const { child, done, output } = runCli(
      [
        '--port',
        '0',
        '--data-dir',
        dataDir,
        '--upstream',
        backend.url,
        '--check-contract',
        '--record',
        'contract-run',
      ],
      /contract: every upstream answer checked.*\n/,
    );
    try {
      const ready = (await done).output;
      expect(ready).toContain(`upstream: ${backend.url}`);
      expect(ready).toContain('recording: contract-run');
      const url = /listening on (http:\/\/[\d.:]+)/.exec(ready)?.[1] ?? '';
      const adminToken = /admin token: (\S+)/.exec(ready)?.[1] ?? '';
      await admin(backend, 'POST', 'faults', {
        path: 'config/getEventDates',
        kind: 'code',
        code: 200,
        message: 'success',
        data: [{ key: 'x', startAt: 'a', endAt: 'b', region: 'PH' }],
        times: 1,
      });
      // The app's own client against the CLI's server.
      const app = clientFor({ url } as MockServer);
      expect((await app.client.relay('main', 'config/getEventDates', {})).code).toBe(200);
      await waitFor(() =>
        /contract: main\/config\/getEventDates unknown-field data\[\]\.region/.test(output()),
      );
      const report = (await fetch(`${url}/__admin/contract-report`, {
        headers: { 'x-admin-token': adminToken },
      }).then((res) => res.json())) as ContractReport;
      expect(report.breaches).toBe(1);
      const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exit).toBe(CONTRACT_BREACH_EXIT);
      const recorded = JSON.parse(
        await readFile(path.join(dataDir, 'recordings', 'contract-run.json'), 'utf8'),
      ) as { replay: { exchanges: unknown[] } };
      expect(recorded.replay.exchanges).toHaveLength(1);
    } finally {
      child.kill('SIGTERM');
      await backend.close();
    }
  }, 60_000);

  it('with --check-contract exits 0 when the upstream kept the contract', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mock-cli-'));
    dirs.push(dataDir);
    const backend: MockServer = await startServer({ scenario: 'repaying' });
    const { child, done } = runCli(
      ['--port', '0', '--data-dir', dataDir, '--upstream', backend.url, '--check-contract'],
      /contract: every upstream answer checked.*\n/,
    );
    try {
      await done;
      const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
    } finally {
      await backend.close();
    }
  }, 60_000);

  it('exits 2 with one clear line for a recording named after a fixture scenario', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mock-cli-'));
    dirs.push(dataDir);
    const { done } = runCli(['--port', '0', '--data-dir', dataDir, '--record', 'repaying'], /$^/);
    const { output, code } = await done;
    expect(code).toBe(2);
    expect(output).toMatch(/cannot start: "repaying" is a fixture scenario/);
  }, 60_000);

  it('a second server on the same data dir exits 2 and names the one that holds it', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mock-cli-'));
    dirs.push(dataDir);
    const first = runCli(['--port', '0', '--data-dir', dataDir], /data dir:.*\n/);
    try {
      const url = /listening on (http:\/\/[\d.:]+)/.exec((await first.done).output)?.[1];
      const second = runCli(['--port', '0', '--data-dir', dataDir], /$^/);
      const { output, code } = await second.done;
      expect(code).toBe(2);
      expect(output).toContain(
        `mock: cannot start: The data dir ${dataDir} is in use by another mock server: process ${first.child.pid} on `,
      );
      expect(output).toContain(`(${url})`);
      expect(output).toContain('Stop it, or give this one a data dir of its own: --data-dir DIR');
    } finally {
      first.child.kill('SIGTERM');
    }
  }, 60_000);

  it('exits 2 with one clear line for an unknown scenario', async () => {
    const { done } = runCli(['--port', '0', '--scenario', 'nope'], /$^/);
    const { output, code } = await done;
    expect(code).toBe(2);
    expect(output).toMatch(/Unknown scenario "nope"/);
  }, 60_000);
});
