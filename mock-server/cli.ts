/**
 * `npm run mock -- [--port 4010] [--scenario NAME] [--web DIR] [--data-dir DIR] [--host HOST]
 * [--admin-token T | --admin-token-file PATH] [--upstream URL [--record NAME] [--check-contract]]`:
 * the mock server alone. Logs its URLs, the scenario, the admin URL and the admin token (unless it
 * was given); bad arguments and unknown scenarios exit with status 2 and one clear line. The token
 * can also come from `DL_ADMIN_TOKEN`: a command line is readable by every user of the machine
 * (`ps`), the environment and a 0600 file are not. With `--check-contract` it prints every
 * contract breach of the upstream as it is found and exits with status 1 when stopped after one.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { kebabNameSchema } from '@shared/recording';
import { createMockServer, type MockServer } from './app';
import { DataDirLockedError } from './persistence/dataDirLock';
import { errorMessage } from '@shared/errors';
import { recordingsDirOf } from './recording/recordings';
import { parseUpstreamUrl, UpstreamUrlError } from './upstream/upstreamUrl';

export interface CliOptions {
  port: number;
  host: string;
  scenario: string | undefined;
  webDir: string | undefined;
  dataDir: string;
  /** The admin token (DESIGN.md §6); none = a random one, printed at start. */
  adminToken: string | undefined;
  /** Where the admin token came from, when it was given (the log names it, never prints it). */
  adminTokenSource?: string;
  /** `--upstream URL`: every world relays to this backend (mock-server/upstream). */
  upstream?: string;
  /** `--record NAME`: the default world records from the start. */
  record?: string;
  /** `--check-contract`: breaches are printed, and the exit status is 1 after one. */
  checkContract?: true;
}

export const USAGE =
  'Usage: npm run mock -- [--port 4010] [--scenario NAME] [--web DIR] [--data-dir DIR] [--host HOST] [--admin-token T | --admin-token-file PATH] (or DL_ADMIN_TOKEN=T) [--upstream URL [--record NAME] [--check-contract]]';

/** The exit status of `--check-contract` when the upstream breached the contract. */
export const CONTRACT_BREACH_EXIT = 1;

/** The environment variable that gives the admin token without showing it in `ps`. */
export const ADMIN_TOKEN_ENV = 'DL_ADMIN_TOKEN';

const MIN_ADMIN_TOKEN_LENGTH = 16;

/**
 * The admin token a file holds (its first line, without surrounding whitespace). A file other
 * users may read is refused, as ssh refuses a private key others can read ("UNPROTECTED PRIVATE
 * KEY FILE"): the token opens every world's decrypted log. Windows has no such mode bits.
 */
function readAdminTokenFile(file: string): string {
  let text: string;
  try {
    const { mode } = statSync(file);
    if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
      const octal = (mode & 0o777).toString(8).padStart(4, '0');
      throw new CliError(
        `--admin-token-file ${file} can be read by other users (mode ${octal}): the admin token must be private to its owner (chmod 600 ${file})`,
      );
    }
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof CliError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new CliError(`--admin-token-file ${file} cannot be read (${code})`);
  }
  return (text.split(/\r?\n/)[0] ?? '').trim();
}

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

/** Printed when the token came on the command line, which every local user can read. */
export const COMMAND_LINE_TOKEN_NOTE = `NOTE: --admin-token is visible to every user of this machine (ps); give it with ${ADMIN_TOKEN_ENV}=T or --admin-token-file PATH instead.`;

/** Thrown for bad command-line arguments; the message is shown as is. */
export class CliError extends Error {}

/** Parses the arguments after `--`. Throws CliError with a clear message. */
export function parseCliArgs(
  args: readonly string[],
  cwd = process.cwd(),
  env: Readonly<Record<string, string | undefined>> = process.env,
): CliOptions {
  const options: CliOptions = {
    port: 4010,
    host: '127.0.0.1',
    scenario: undefined,
    webDir: undefined,
    dataDir: path.resolve(cwd, '.mock-data'),
    adminToken: undefined,
  };
  const givenToken = (source: string, token: string) => {
    if (options.adminTokenSource) {
      throw new CliError(
        `${source}: the admin token is already given by ${options.adminTokenSource}`,
      );
    }
    if (token.length < MIN_ADMIN_TOKEN_LENGTH) {
      throw new CliError(
        `${source}: the admin token needs at least ${MIN_ADMIN_TOKEN_LENGTH} characters`,
      );
    }
    options.adminToken = token;
    options.adminTokenSource = source;
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
      case '--admin-token':
        givenToken('--admin-token', value());
        break;
      case '--admin-token-file': {
        const file = path.resolve(cwd, value());
        givenToken(`--admin-token-file ${file}`, readAdminTokenFile(file));
        break;
      }
      case '--upstream': {
        const text = value();
        try {
          parseUpstreamUrl(text);
        } catch (error) {
          if (error instanceof UpstreamUrlError) throw new CliError(`--upstream: ${error.message}`);
          throw error;
        }
        options.upstream = text;
        break;
      }
      case '--record': {
        const name = value();
        if (!kebabNameSchema.safeParse(name).success) {
          throw new CliError(`--record takes a kebab-case name (e.g. staging-bill), got "${name}"`);
        }
        options.record = name;
        break;
      }
      case '--check-contract':
        if (inline !== undefined) throw new CliError('--check-contract takes no value');
        options.checkContract = true;
        break;
      default:
        throw new CliError(`Unknown argument "${arg}"`);
    }
  }
  // The environment gives the token when no argument does (arguments win: they are explicit).
  const fromEnv = env[ADMIN_TOKEN_ENV];
  if (!options.adminTokenSource && fromEnv) givenToken(ADMIN_TOKEN_ENV, fromEnv);
  if (options.checkContract && !options.upstream) {
    throw new CliError('--check-contract checks an upstream: give --upstream URL too');
  }
  if (!isLoopbackBind(options.host) && !options.adminToken) {
    throw new CliError(
      `--host ${options.host} exposes the admin API to the network: give it an explicit admin token (${ADMIN_TOKEN_ENV}, --admin-token-file or --admin-token)`,
    );
  }
  return options;
}

/** What `--check-contract` found while the server ran. */
interface ContractWatch {
  /** One line per breach, as printed. */
  readonly breaches: string[];
}

/** Starts the server for parsed options and prints where everything is. */
export async function startFromCli(
  options: CliOptions,
  watch: ContractWatch = { breaches: [] },
): Promise<MockServer> {
  const server = await createMockServer({
    port: options.port,
    host: options.host,
    dataDir: options.dataDir,
    // The client half of upstream mode runs in this process too, on the same library: the fast
    // path serves both sides (same bytes on the wire).
    nodeFastPath: true,
    ...(options.scenario ? { scenario: options.scenario } : {}),
    ...(options.webDir ? { webDir: options.webDir } : {}),
    ...(options.adminToken ? { adminToken: options.adminToken } : {}),
    ...(options.upstream ? { upstream: options.upstream } : {}),
    ...(options.record ? { record: options.record } : {}),
    onContractBreach: (world, host, path, breach) => {
      const line = `contract: ${host}/${path} ${breach.kind} ${breach.field}: ${breach.detail} (world ${world})`;
      watch.breaches.push(line);
      if (options.checkContract) console.log(line);
    },
    onUpstreamStatus: (world, status) => {
      if (status.state !== 'ready') console.log(`upstream (world ${world}): ${status.message}`);
    },
  });
  const lines = [
    `Mock API server listening on ${server.url}`,
    `  hosts:    ${server.url}/main/  ${server.url}/channel/  ${server.url}/hk/`,
    `  scenario: ${server.domain.currentScenario()}`,
    `  admin:    ${server.url}/__admin/scenarios  (log: ${server.url}/__admin/log?limit=50)`,
    // A token given by the environment or a file stays out of the log too.
    `  admin token: ${options.adminTokenSource ? `(from ${options.adminTokenSource})` : server.adminToken}  (header x-admin-token; worlds by x-sim-world)`,
    `  sentry:   http://public@${server.url.replace(/^http:\/\//, '')}/sentry/1`,
    `  data dir: ${options.dataDir}`,
  ];
  const kept = server.keptWorlds?.report;
  if (kept) {
    const setAside = kept.setAside.length ? `, ${kept.setAside.length} set aside` : '';
    lines.push(
      `  worlds:   ${kept.restored.length} restored${setAside}, kept in ${kept.dir} (to start afresh: stop the server and delete that folder)`,
    );
  }
  if (options.webDir) lines.push(`  app:      ${server.url}/  (from ${options.webDir})`);
  if (server.upstreams.defaultLabel) {
    lines.push(
      `  upstream: ${server.upstreams.defaultLabel}  (every world relays its calls there)`,
    );
  }
  if (options.record) {
    const file = path.join(recordingsDirOf(options.dataDir), `${options.record}.json`);
    lines.push(
      `  recording: ${options.record} (default world) → ${file} when the server stops or on POST /__admin/recordings/stop`,
    );
  }
  if (options.checkContract) {
    lines.push(
      '  contract: every upstream answer checked against src/shared/api; breaches printed as found, exit status 1 at stop after one',
    );
  }
  if (!isLoopbackBind(options.host)) lines.push(networkWarning(options.host));
  if (options.adminTokenSource === '--admin-token') lines.push(COMMAND_LINE_TOKEN_NOTE);
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
  const watch: ContractWatch = { breaches: [] };
  const started = startFromCli(options, watch);
  // Listening before the start is printed: a signal right after the ready lines (a script that
  // waits for them) must stop the server, not kill it with the recording unsaved.
  let stopping = false;
  const stop = () => {
    // A second signal while stopping waits for the first (the recording is being saved).
    if (stopping) return;
    stopping = true;
    void started.then(async (server) => {
      await server.close();
      if (!options.checkContract) process.exit(0);
      const found = watch.breaches.length;
      console.log(
        found
          ? `contract: ${found} breach(es) of the contract by ${options.upstream}:\n${watch.breaches.join('\n')}`
          : `contract: no breach by ${options.upstream}`,
      );
      process.exit(found ? CONTRACT_BREACH_EXIT : 0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    await started;
  } catch (error) {
    const hint = error instanceof DataDirLockedError ? ': --data-dir DIR' : '';
    console.error(`mock: cannot start: ${errorMessage(error)}${hint}`);
    process.exit(2);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  void main();
}
