/**
 * The mock server in its own Node process for the load benches (child of bench/run.ts, started by
 * serverHandle.ts with --expose-gc), so its CPU and memory are measured apart from the clients.
 * Commands arrive over IPC; `restart` closes the server and starts a new one on the same port and
 * data dir in this same process (the identity, the worlds and the admin token are kept, sessions
 * are lost), so memory after the soak also shows whatever the old server left behind.
 */
import { createMockServer, type MockServer } from '../../mock-server/app';

export type ServerCommand =
  | {
      id: number;
      cmd: 'start';
      dataDir: string;
      scenario: string;
      upstream?: string;
      webDir?: string;
    }
  | { id: number; cmd: 'restart' }
  | { id: number; cmd: 'memory' }
  | { id: number; cmd: 'cpu' }
  | { id: number; cmd: 'stop' };

export interface ServerReply {
  id: number;
  url?: string;
  /** The server's admin token (`x-admin-token`), in the reply to `start`. */
  adminToken?: string;
  /** After a full GC: bytes of JS heap in use, and the resident set; and peaks since last asked. */
  memory?: ServerMemory;
  /** CPU time this process has used so far (user + system), in ms. */
  cpuMs?: number;
  error?: string;
}

/** What the server process holds, bytes. */
export interface ServerMemory {
  /** JS heap in use after a full GC. */
  heapUsed: number;
  /** Resident set after a full GC. */
  rss: number;
  /** Buffers outside the JS heap after a full GC (socket and file data). */
  arrayBuffers: number;
  /** Highest resident set and ArrayBuffers seen since memory was last asked for (sampled). */
  peakRss: number;
  peakArrayBuffers: number;
}

let server: MockServer | undefined;
let options:
  | {
      dataDir: string;
      scenario: string;
      port: number;
      adminToken?: string;
      upstream?: string;
      webDir?: string;
    }
  | undefined;

/** Peaks sampled every 100 ms, so a burst that GC would hide still shows. */
const peak = { rss: 0, arrayBuffers: 0 };
const samplePeak = () => {
  const { rss, arrayBuffers } = process.memoryUsage();
  peak.rss = Math.max(peak.rss, rss);
  peak.arrayBuffers = Math.max(peak.arrayBuffers, arrayBuffers);
};
setInterval(samplePeak, 100).unref();

async function start(port: number): Promise<MockServer> {
  if (!options) throw new Error('start first');
  return createMockServer({
    port,
    host: '127.0.0.1',
    dataDir: options.dataDir,
    scenario: options.scenario,
    ...(options.webDir ? { webDir: options.webDir } : {}),
    // A restart keeps the admin token, as `npm run mock -- --admin-token-file F` does.
    ...(options.adminToken ? { adminToken: options.adminToken } : {}),
    // Upstream mode (`npm run mock -- --upstream URL`): the bench's relay.
    ...(options.upstream ? { upstream: options.upstream } : {}),
    // As `npm run mock` runs it: this process is the server alone.
    nodeFastPath: true,
  });
}

function memory(): ServerMemory {
  samplePeak();
  const peaks = { peakRss: peak.rss, peakArrayBuffers: peak.arrayBuffers };
  const gc = (globalThis as { gc?: () => void }).gc;
  // Two passes: the first may only finalize what the second frees.
  gc?.();
  gc?.();
  const usage = process.memoryUsage();
  peak.rss = usage.rss;
  peak.arrayBuffers = usage.arrayBuffers;
  return {
    heapUsed: usage.heapUsed,
    rss: usage.rss,
    arrayBuffers: usage.arrayBuffers,
    ...peaks,
  };
}

async function handle(command: ServerCommand): Promise<ServerReply> {
  switch (command.cmd) {
    case 'start':
      options = {
        dataDir: command.dataDir,
        scenario: command.scenario,
        port: 0,
        ...(command.upstream ? { upstream: command.upstream } : {}),
        ...(command.webDir ? { webDir: command.webDir } : {}),
      };
      server = await start(0);
      options.port = server.port;
      options.adminToken = server.adminToken;
      return { id: command.id, url: server.url, adminToken: server.adminToken };
    case 'restart':
      if (!server || !options) throw new Error('not started');
      await server.close();
      server = undefined;
      server = await start(options.port);
      return { id: command.id, url: server.url };
    case 'memory':
      return { id: command.id, memory: memory() };
    case 'cpu': {
      const usage = process.cpuUsage();
      return { id: command.id, cpuMs: (usage.user + usage.system) / 1000 };
    }
    case 'stop':
      await server?.close();
      server = undefined;
      return { id: command.id };
    default:
      return assertNever(command);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected command ${JSON.stringify(value)}`);
}

process.on('message', (message) => {
  const command = message as ServerCommand;
  handle(command).then(
    (reply) => {
      // Exits by itself after `stop` (so --cpu-prof and the like can write their files).
      process.send?.(reply, () => {
        if (command.cmd === 'stop') process.exit(0);
      });
    },
    (error: unknown) => process.send?.({ id: command.id, error: String(error) }),
  );
});
// The parent going away must never leave a server behind.
process.on('disconnect', () => {
  void server?.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
});
