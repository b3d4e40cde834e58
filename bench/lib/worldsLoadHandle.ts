/** Parent side of worldsLoadProcess.ts: start the world clients, run the calls, stop (Node). */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import type { Traffic } from './apiClients';
import { childRpc, type Outgoing } from './childRpc';
import type {
  WorldSpec,
  WorldsLoadCommand,
  WorldsLoadReply,
  WorldsPhase,
} from './worldsLoadProcess';

type Command = Outgoing<WorldsLoadCommand>;

/** The clients of some worlds, running in a child process. */
export interface WorldsLoadHandle {
  crypto: string;
  /** The login phase (one handshake and one login per client). */
  login: WorldsPhase;
  /** Device ids of each world's clients. */
  devices: Record<string, string[]>;
  run(requestsPerClient: number, concurrency: number, deadlineMs: number): Promise<WorldsPhase>;
  stop(): Promise<Traffic>;
}

/** Longer than any phase's deadline: a phase ends by itself. */
const REPLY_TIMEOUT_MS = 150_000;

/** Forks a load process for `worlds`; resolves once their clients have shaken hands and logged in. */
export async function startWorldsLoad(options: {
  url: string;
  worlds: WorldSpec[];
  clientsPerWorld: number;
  concurrency: number;
  deadlineMs: number;
}): Promise<WorldsLoadHandle> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'worldsLoadProcess.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const rpc = childRpc<Command, WorldsLoadReply>(child, 'worlds load process', REPLY_TIMEOUT_MS);
  let last: Traffic = { handshakes: 0, requests: 0 };
  const stop = async (): Promise<Traffic> => {
    last = (await rpc.stop({ cmd: 'stop' }))?.traffic ?? last;
    return last;
  };
  try {
    const started = await rpc.send({ cmd: 'start', ...options });
    return {
      crypto: started.crypto ?? '?',
      login: started.phase as WorldsPhase,
      devices: started.devices ?? {},
      run: async (requestsPerClient, concurrency, deadlineMs) =>
        (await rpc.send({ cmd: 'run', requestsPerClient, concurrency, deadlineMs }))
          .phase as WorldsPhase,
      stop,
    };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}
