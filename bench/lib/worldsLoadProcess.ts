/**
 * The load generator of the worlds bench (child of bench/run.ts, forked by worldsLoadHandle.ts):
 * the clients of many worlds in one process, each an ApiClient with its own device and session
 * that carries its world's `x-sim-world` (DESIGN.md §6), logged in as its world's scenario user.
 * Crypto as in loadProcess.ts (node:crypto and the record cache; `BENCH_LOAD_CRYPTO=webcrypto` for
 * the app's own session on WebCrypto). Every answer is judged against the world's fixture data
 * (worldExpectations.ts): its own, another world's, or no world's. At most `concurrency` calls are
 * in flight (a client never has two), and nothing new starts after the deadline.
 */
import { installNodeFastPath } from '../../mock-server/crypto/nodeCrypto';
import { removeCurveProcessHandlers } from '../../mock-server/crypto/processHandlers';
import { installRecordCache } from '../../mock-server/crypto/recordCache';
import { selectSignalKit } from '@shared/transport/clientSession';
import { loadSignal } from '@shared/transport/signal';
import { type BenchClient, benchClient, describeError, logInAs, type Traffic } from './apiClients';
import {
  type Answer,
  judge,
  WORLD_CALLS,
  type WorldExpectation,
  worldExpectations,
} from './worldExpectations';

export interface WorldSpec {
  id: string;
  scenario: string;
}

export type WorldsLoadCommand =
  | {
      id: number;
      cmd: 'start';
      url: string;
      worlds: WorldSpec[];
      clientsPerWorld: number;
      concurrency: number;
      deadlineMs: number;
    }
  | { id: number; cmd: 'run'; requestsPerClient: number; concurrency: number; deadlineMs: number }
  | { id: number; cmd: 'stop' };

/** What a phase (logging in, or the measured calls) did. */
export interface WorldsPhase {
  durationMs: number;
  /** Per completed call, ms (the client's own crypto included). */
  latencies: number[];
  /** Calls that rejected or answered what no world would. */
  failures: number;
  /** Answers that carry another world's data (another scenario's, or another client's token). */
  crossWorld: number;
  /** A few distinct messages of failures, and of cross-world answers. */
  failureSamples: string[];
  crossWorldSamples: string[];
  /** Calls not started because the deadline passed. */
  notSent: number;
  /** CPU time of this process during the phase, ms. */
  clientCpuMs: number;
}

export interface WorldsLoadReply {
  id: number;
  phase?: WorldsPhase;
  /** Device ids of each world's clients (to check the server's per-world traffic logs). */
  devices?: Record<string, string[]>;
  traffic?: Traffic;
  crypto?: string;
  error?: string;
}

interface WorldClient {
  world: WorldSpec;
  expectation: WorldExpectation;
  test: BenchClient;
  /** The client's previous call: the next one waits for it. */
  busy: Promise<unknown>;
  loggedIn: boolean;
}

const traffic: Traffic = { handshakes: 0, requests: 0 };
const table = worldExpectations();
let clients: WorldClient[] = [];

/** Runs `tasks` with at most `width` at once; those not started by `deadline` are skipped. */
async function pool(
  tasks: readonly (() => Promise<void>)[],
  width: number,
  deadline: number,
): Promise<number> {
  let next = 0;
  let skipped = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++] as () => Promise<void>;
      if (performance.now() > deadline) skipped++;
      else await task();
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return skipped;
}

function newPhase(): WorldsPhase & { started: number; cpu: NodeJS.CpuUsage } {
  return {
    durationMs: 0,
    latencies: [],
    failures: 0,
    crossWorld: 0,
    failureSamples: [],
    crossWorldSamples: [],
    notSent: 0,
    clientCpuMs: 0,
    started: performance.now(),
    cpu: process.cpuUsage(),
  };
}

function note(samples: string[], message: string): void {
  if (samples.length < 6 && !samples.includes(message)) samples.push(message);
}

function finish(phase: ReturnType<typeof newPhase>): WorldsPhase {
  const { started, cpu, ...rest } = phase;
  const used = process.cpuUsage(cpu);
  return {
    ...rest,
    durationMs: performance.now() - started,
    clientCpuMs: (used.user + used.system) / 1000,
  };
}

/** One timed step of a client, after its previous one. */
function step(
  phase: WorldsPhase,
  client: WorldClient,
  body: () => Promise<void>,
): () => Promise<void> {
  return async () => {
    await client.busy;
    const t = performance.now();
    const done = body().then(
      () => void phase.latencies.push(performance.now() - t),
      (error: unknown) => {
        phase.failures++;
        note(phase.failureSamples, `${client.world.scenario}: ${describeError(error)}`);
      },
    );
    client.busy = done;
    await done;
  };
}

async function start(command: Extract<WorldsLoadCommand, { cmd: 'start' }>) {
  const runtime = await loadSignal();
  removeCurveProcessHandlers();
  const crypto = process.env.BENCH_LOAD_CRYPTO === 'webcrypto' ? runtime.curve() : 'node';
  if (crypto === 'node') {
    await installNodeFastPath(runtime.lib);
    await installRecordCache();
  }
  // The library on node:crypto, or the app's own session on WebCrypto (the engine's).
  selectSignalKit(crypto === 'node' ? 'library' : 'engine');
  // Interleaved by world (client 0 of every world, then client 1 …), so calls in flight at any
  // moment belong to many worlds.
  clients = [];
  for (let c = 0; c < command.clientsPerWorld; c++) {
    for (const world of command.worlds) {
      const expectation = table.get(world.scenario);
      if (!expectation) throw new Error(`No fixture expectation for scenario ${world.scenario}`);
      const test = benchClient(command.url, traffic, `${world.id}-c${c}`, world.id);
      clients.push({ world, expectation, test, busy: Promise.resolve(), loggedIn: false });
    }
  }
  const phase = newPhase();
  const deadline = performance.now() + command.deadlineMs;
  const tasks = clients.map((client) =>
    step(phase, client, async () => {
      await logInAs(client.test, client.expectation.login);
      client.loggedIn = true;
    }),
  );
  phase.notSent = await pool(tasks, command.concurrency, deadline);
  const devices: Record<string, string[]> = {};
  for (const { world, test } of clients) {
    devices[world.id] = [...(devices[world.id] ?? []), test.deviceId];
  }
  return { phase: finish(phase), devices, crypto, traffic: { ...traffic } };
}

async function run(command: Extract<WorldsLoadCommand, { cmd: 'run' }>): Promise<WorldsPhase> {
  const phase = newPhase();
  const deadline = performance.now() + command.deadlineMs;
  const ready = clients.filter((c) => c.loggedIn);
  const tasks: (() => Promise<void>)[] = [];
  for (let r = 0; r < command.requestsPerClient; r++) {
    const call = WORLD_CALLS[r % WORLD_CALLS.length] as (typeof WORLD_CALLS)[number];
    for (const client of ready) {
      tasks.push(
        step(phase, client, async () => {
          const answer = (await client.test.client.call(call, {})) as Answer;
          let verdict = judge(table, client.expectation, call, answer);
          // userInfo echoes the token: only the world that issued it to this client knows it.
          const token = (answer.data as { tokenValue?: unknown } | null)?.tokenValue;
          const echoes = call === 'userInfo' && answer.code === 200;
          if (verdict === 'own' && echoes && token !== client.test.token.value) {
            verdict = 'other-world';
          }
          if (verdict === 'other-world') {
            phase.crossWorld++;
            note(
              phase.crossWorldSamples,
              `${client.world.id} (${client.world.scenario}) got another world's ${call}`,
            );
          } else if (verdict === 'unexpected') {
            throw new Error(`${call} answered ${answer.code} with unexpected data`);
          }
        }),
      );
    }
  }
  phase.notSent = await pool(tasks, command.concurrency, deadline);
  return finish(phase);
}

async function handle(command: WorldsLoadCommand): Promise<WorldsLoadReply> {
  switch (command.cmd) {
    case 'start':
      return { id: command.id, ...(await start(command)) };
    case 'run':
      return { id: command.id, phase: await run(command) };
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
  const command = message as WorldsLoadCommand;
  handle(command).then(
    (reply) =>
      process.send?.(reply, () => {
        if (command.cmd === 'stop') process.exit(0);
      }),
    (error: unknown) => process.send?.({ id: command.id, error: describeError(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
