/** Parent side of serverProcess.ts: start, restart, read memory, stop (Node). */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ServerCommand, ServerReply } from './serverProcess';

type Command = ServerCommand extends infer C
  ? C extends { id: number }
    ? Omit<C, 'id'>
    : never
  : never;

/** A mock server running in a child process. */
export interface ServerHandle {
  url: string;
  restart(): Promise<void>;
  /** Heap in use after a full GC, and RSS, in bytes. */
  memory(): Promise<{ heapUsed: number; rss: number }>;
  /** CPU time (user + system) the server process has used so far, in ms. */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

const REPLY_TIMEOUT_MS = 60_000;

/** Forks the server process on a fresh data dir with `scenario`; resolves once it listens. */
export async function startServerProcess(scenario: string): Promise<ServerHandle> {
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
  let nextId = 1;
  const waiting = new Map<number, (reply: ServerReply) => void>();
  child.on('message', (message) => {
    const reply = message as ServerReply;
    waiting.get(reply.id)?.(reply);
    waiting.delete(reply.id);
  });
  child.on('exit', (code) => {
    for (const resolve of waiting.values()) resolve({ id: 0, error: `server exited (${code})` });
    waiting.clear();
  });
  const send = (command: Command) =>
    new Promise<ServerReply>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(
        () => reject(new Error(`no reply to ${command.cmd}`)),
        REPLY_TIMEOUT_MS,
      );
      waiting.set(id, (reply) => {
        clearTimeout(timer);
        if (reply.error) reject(new Error(reply.error));
        else resolve(reply);
      });
      child.send({ ...command, id });
    });
  const stop = async () => {
    try {
      if (child.connected) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        await send({ cmd: 'stop' });
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      }
    } finally {
      if (child.exitCode === null) child.kill();
      await rm(dataDir, { recursive: true, force: true });
    }
  };
  try {
    const started = await send({ cmd: 'start', dataDir, scenario });
    return {
      url: started.url as string,
      restart: async () => void (await send({ cmd: 'restart' })),
      memory: async () =>
        (await send({ cmd: 'memory' })).memory as { heapUsed: number; rss: number },
      cpuMs: async () => (await send({ cmd: 'cpu' })).cpuMs as number,
      stop,
    };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}
