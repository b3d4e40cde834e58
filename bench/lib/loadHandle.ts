/** Parent side of loadProcess.ts: start the load generator, run rounds, stop (Node). */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import type { Traffic } from './apiClients';
import { childRpc, type Outgoing } from './childRpc';
import type { LoadCommand, LoadKind, LoadReply, LoadRound } from './loadProcess';

type Command = Outgoing<LoadCommand>;

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
  const rpc = childRpc<Command, LoadReply>(child, 'load process', REPLY_TIMEOUT_MS);
  const send = rpc.send;
  let last: Traffic = { handshakes: 0, requests: 0 };
  const stop = async (): Promise<Traffic> => {
    last = (await rpc.stop({ cmd: 'stop' }))?.traffic ?? last;
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
