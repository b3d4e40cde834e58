/** Parent side of serverProcess.ts: start, restart, read memory, stop (Node). */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { childRpc, type Outgoing } from './childRpc';
import type { ServerCommand, ServerMemory, ServerReply } from './serverProcess';

type Command = Outgoing<ServerCommand>;

/** A mock server running in a child process. */
export interface ServerHandle {
  url: string;
  /** Its admin token (`x-admin-token`), for `/__admin/*` calls. */
  adminToken: string;
  /** Its data dir (a temporary one, removed by `stop`). */
  dataDir: string;
  restart(): Promise<void>;
  /** Heap, RSS and buffers after a full GC, and the peaks since last asked, in bytes. */
  memory(): Promise<ServerMemory>;
  /** CPU time (user + system) the server process has used so far, in ms. */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

const REPLY_TIMEOUT_MS = 60_000;

/**
 * Forks the server process on a fresh data dir with `scenario` (in upstream mode toward
 * `upstream`, when given; serving the built SPA in `webDir`, as `--web` does, when given);
 * resolves once it listens.
 */
export async function startServerProcess(
  scenario: string,
  options: { upstream?: string; webDir?: string } = {},
): Promise<ServerHandle> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dl-bench-'));
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'serverProcess.ts'), [], {
    // BENCH_SERVER_NODE_ARGS: extra Node flags for the server, e.g. `--cpu-prof` to profile it.
    execArgv: [
      '--expose-gc',
      '--import',
      'tsx',
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const rpc = childRpc<Command, ServerReply>(child, 'server', REPLY_TIMEOUT_MS);
  const send = rpc.send;
  const stop = async () => {
    try {
      await rpc.stop({ cmd: 'stop' });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  };
  try {
    const started = await send({ cmd: 'start', dataDir, scenario, ...options });
    return {
      url: started.url as string,
      adminToken: started.adminToken as string,
      dataDir,
      restart: async () => void (await send({ cmd: 'restart' })),
      memory: async () => (await send({ cmd: 'memory' })).memory as ServerMemory,
      cpuMs: async () => (await send({ cmd: 'cpu' })).cpuMs as number,
      stop,
    };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}
