/** Parent side of loadProcess.ts: start the load generator, run rounds, stop (Node). */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import type { Traffic } from './apiClients';
import type { LoadCommand, LoadKind, LoadReply, LoadRound } from './loadProcess';

type Command = LoadCommand extends infer C
  ? C extends { id: number }
    ? Omit<C, 'id'>
    : never
  : never;

/** The load generator running in a child process. */
export interface LoadHandle {
  /** Which crypto its clients run on: `node` (node:crypto) or a WebCrypto/JS curve. */
  crypto: string;
  round(kind: LoadKind, requests: number): Promise<LoadRound>;
  /** Stops the process; resolves with what its clients sent in all. */
  stop(): Promise<Traffic>;
}

const REPLY_TIMEOUT_MS = 120_000;

/** Forks the load generator; resolves once its `clients` have shaken hands and logged in. */
export async function startLoadProcess(url: string, clients: number): Promise<LoadHandle> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'loadProcess.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const waiting = new Map<number, (reply: LoadReply) => void>();
  child.on('message', (message) => {
    const reply = message as LoadReply;
    waiting.get(reply.id)?.(reply);
    waiting.delete(reply.id);
  });
  child.on('exit', (code) => {
    for (const resolve of waiting.values())
      resolve({ id: 0, error: `load process exited (${code})` });
    waiting.clear();
  });
  const send = (command: Command) =>
    new Promise<LoadReply>((resolve, reject) => {
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
  let last: Traffic = { handshakes: 0, requests: 0 };
  const stop = async (): Promise<Traffic> => {
    try {
      if (child.connected) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        last = (await send({ cmd: 'stop' })).traffic ?? last;
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      }
    } finally {
      if (child.exitCode === null) child.kill();
    }
    return last;
  };
  try {
    const started = await send({ cmd: 'start', url, clients });
    return {
      crypto: started.crypto ?? '?',
      round: async (kind, requests) =>
        (await send({ cmd: 'round', kind, requests })).round as LoadRound,
      stop,
    };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}
