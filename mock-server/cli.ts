/**
 * `npm run mock -- [--port 4010] [--scenario NAME] [--web DIR] [--data-dir DIR] [--host HOST]
 * [--admin-token T]`: the mock server alone. Logs its URLs, the scenario, the admin URL and the
 * admin token; bad arguments and unknown scenarios exit with status 2 and one clear line.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMockServer, type MockServer } from './app';

export interface CliOptions {
  port: number;
  host: string;
  scenario: string | undefined;
  webDir: string | undefined;
  dataDir: string;
  /** The admin token (DESIGN.md §6); none = a random one, printed at start. */
  adminToken: string | undefined;
}

export const USAGE =
  'Usage: npm run mock -- [--port 4010] [--scenario NAME] [--web DIR] [--data-dir DIR] [--host HOST] [--admin-token T]';

/** Whether `host` keeps the server on this machine. */
export function isLoopbackBind(host: string): boolean {
  return ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host) || /^127\./.test(host);
}

/** Printed when --host puts the admin API on the network. */
export function networkWarning(host: string): string {
  return (
    `WARNING: --host ${host} makes the admin API and the decrypted traffic log (tokens, phone ` +
    'numbers) reachable from the network. Anyone with the admin token can read and change every world.'
  );
}

/** Thrown for bad command-line arguments; the message is shown as is. */
export class CliError extends Error {}

/** Parses the arguments after `--`. Throws CliError with a clear message. */
export function parseCliArgs(args: readonly string[], cwd = process.cwd()): CliOptions {
  const options: CliOptions = {
    port: 4010,
    host: '127.0.0.1',
    scenario: undefined,
    webDir: undefined,
    dataDir: path.resolve(cwd, '.mock-data'),
    adminToken: undefined,
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s) : [arg];
    const value = (): string => {
      const next = inline ?? args[++i];
      if (next === undefined || next === '' || (inline === undefined && next.startsWith('--'))) {
        throw new CliError(`${flag} needs a value`);
      }
      return next;
    };
    switch (flag) {
      case '--port': {
        const text = value();
        const port = Number(text);
        if (!/^\d+$/.test(text) || port > 65535) {
          throw new CliError(`--port must be a number from 0 to 65535, got "${text}"`);
        }
        options.port = port;
        break;
      }
      case '--host':
        options.host = value();
        break;
      case '--scenario':
        options.scenario = value();
        break;
      case '--web': {
        const dir = path.resolve(cwd, value());
        if (!existsSync(path.join(dir, 'index.html'))) {
          throw new CliError(`--web ${dir} has no index.html (run npm run build:web first)`);
        }
        options.webDir = dir;
        break;
      }
      case '--data-dir':
        options.dataDir = path.resolve(cwd, value());
        break;
      case '--admin-token': {
        const token = value();
        if (token.length < 16) throw new CliError('--admin-token needs at least 16 characters');
        options.adminToken = token;
        break;
      }
      default:
        throw new CliError(`Unknown argument "${arg}"`);
    }
  }
  if (!isLoopbackBind(options.host) && !options.adminToken) {
    throw new CliError(
      `--host ${options.host} exposes the admin API to the network: give it an explicit --admin-token`,
    );
  }
  return options;
}

/** Starts the server for parsed options and prints where everything is. */
export async function startFromCli(options: CliOptions): Promise<MockServer> {
  const server = await createMockServer({
    port: options.port,
    host: options.host,
    dataDir: options.dataDir,
    // This process runs only the server: its crypto can use node:crypto directly.
    nodeFastPath: true,
    ...(options.scenario ? { scenario: options.scenario } : {}),
    ...(options.webDir ? { webDir: options.webDir } : {}),
    ...(options.adminToken ? { adminToken: options.adminToken } : {}),
  });
  const lines = [
    `Mock API server listening on ${server.url}`,
    `  hosts:    ${server.url}/main/  ${server.url}/channel/  ${server.url}/hk/`,
    `  scenario: ${server.domain.currentScenario()}`,
    `  admin:    ${server.url}/__admin/scenarios  (log: ${server.url}/__admin/log?limit=50)`,
    `  admin token: ${server.adminToken}  (header x-admin-token; worlds by x-sim-world)`,
    `  sentry:   http://public@${server.url.replace(/^http:\/\//, '')}/sentry/1`,
    `  data dir: ${options.dataDir}`,
  ];
  if (options.webDir) lines.push(`  app:      ${server.url}/  (from ${options.webDir})`);
  if (!isLoopbackBind(options.host)) lines.push(networkWarning(options.host));
  console.log(lines.join('\n'));
  return server;
}

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    console.error(`mock: ${error.message}\n${USAGE}`);
    process.exit(2);
  }
  let server: MockServer;
  try {
    server = await startFromCli(options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`mock: cannot start: ${message}`);
    process.exit(2);
  }
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  void main();
}
