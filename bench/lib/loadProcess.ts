/**
 * The server bench's load generator in its own Node process (child of bench/run.ts, started by
 * loadHandle.ts), so the clients' CPU is neither the bench process's nor the server's. It holds
 * the 20 ApiClients (own device, own session each) and runs one round of calls per command.
 *
 * Its Signal crypto runs on node:crypto with the record cache (the server's fast path;
 * `BENCH_LOAD_CRYPTO=webcrypto` runs the app's own session on WebCrypto,
 * src/shared/transport/engineSession.ts): the same bytes on the wire, at less than half the
 * client CPU. The clients stand for phones, each with its own CPU; on this 2-core machine every
 * millisecond they spend is taken from the server, so the cheaper they are, the more the
 * throughput figures measure the server.
 */
import { installNodeFastPath } from '../../mock-server/crypto/nodeCrypto';
import { removeCurveProcessHandlers } from '../../mock-server/crypto/processHandlers';
import { installRecordCache } from '../../mock-server/crypto/recordCache';
import { selectSignalKit } from '@shared/transport/clientSession';
import { loadSignal } from '@shared/transport/signal';
import {
  type BenchClient,
  benchClient,
  describeError,
  encryptedCall,
  logIn,
  plainCall,
  type Traffic,
} from './apiClients';

export type LoadKind = 'encrypted' | 'plain';

export type LoadCommand =
  | { id: number; cmd: 'start'; url: string; clients: number }
  | { id: number; cmd: 'round'; kind: LoadKind; requests: number }
  | { id: number; cmd: 'stop' };

/** One round: every client sends `requests` calls one after the other, all clients at once. */
export interface LoadRound {
  durationMs: number;
  latencies: number[];
  /** Messages of failed calls (with their cause), counted instead of aborting the bench. */
  failures: string[];
  /** CPU time the load process spent during the round, ms. */
  clientCpuMs: number;
}

export interface LoadReply {
  id: number;
  round?: LoadRound;
  traffic?: Traffic;
  crypto?: string;
  error?: string;
}

const traffic: Traffic = { handshakes: 0, requests: 0 };
let clients: BenchClient[] = [];

async function round(kind: LoadKind, requests: number): Promise<LoadRound> {
  const call = kind === 'encrypted' ? encryptedCall : plainCall;
  const latencies: number[] = [];
  const failures: string[] = [];
  const started = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    clients.map(async (client) => {
      for (let i = 0; i < requests; i++) {
        const t = performance.now();
        try {
          await call(client);
          latencies.push(performance.now() - t);
        } catch (error) {
          failures.push(describeError(error));
        }
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  return {
    durationMs: performance.now() - started,
    latencies,
    failures,
    clientCpuMs: (used.user + used.system) / 1000,
  };
}

async function handle(command: LoadCommand): Promise<LoadReply> {
  switch (command.cmd) {
    case 'start': {
      const runtime = await loadSignal();
      removeCurveProcessHandlers();
      const crypto = process.env.BENCH_LOAD_CRYPTO === 'webcrypto' ? runtime.curve() : 'node';
      if (crypto === 'node') {
        await installNodeFastPath(runtime.lib);
        await installRecordCache();
      }
      // The library on node:crypto, or the app's own session on WebCrypto (the engine's).
      selectSignalKit(crypto === 'node' ? 'library' : 'engine');
      clients = Array.from({ length: command.clients }, (_, i) =>
        benchClient(command.url, traffic, i),
      );
      await Promise.all(clients.map(logIn));
      return { id: command.id, traffic: { ...traffic }, crypto };
    }
    case 'round':
      return { id: command.id, round: await round(command.kind, command.requests) };
    case 'stop':
      return { id: command.id, traffic: { ...traffic } };
    default:
      return assertNever(command);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected command ${JSON.stringify(value)}`);
}

process.on('message', (message) => {
  const command = message as LoadCommand;
  handle(command).then(
    (reply) =>
      process.send?.(reply, () => {
        if (command.cmd === 'stop') process.exit(0);
      }),
    (error: unknown) => process.send?.({ id: command.id, error: describeError(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
