/**
 * What an attacker without a token can make the mock server hold or spend (part of
 * `npm run bench -- --only attack`, bench/README.md):
 *
 * - **pipelined static GETs**: 520 loopback sockets each send 30 pipelined `GET /assets/<entry>.js`
 *   (356 kB, no Accept-Encoding, so the file is streamed) and never read, then 520 more send 9
 *   (the deepest pipeline the server takes). Node cannot shrink a socket's receive buffer (the
 *   issue's 1 kB), so the kernels on both ends take up to a few MB per socket here before the
 *   server's side fills: the server's memory is read in its own process;
 * - **Sentry line floods**: two connections post, one after the other, envelopes of a header
 *   line and `1\n` × 130,000 (256 kB), which the sink used to parse line by line.
 *
 * Honest `GET /app-config.json` requests (a new connection each, as a new phone opens) run beside
 * the pipelined GETs, the honest encrypted clients beside both; every call that fails counts.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoadRound } from './lib/loadProcess';
import type { Figure } from './lib/report';
import type { ServerMemory } from './lib/serverProcess';
import { median } from './lib/stats';

/** The entry chunk: 356 kB. */
const ENTRY_BYTES = 356 * 1024;
const ENTRY_PATH = '/assets/entry-5f3a9c1e.js';
const PIPELINE_SOCKETS = 520;
/** What the issue sent, and the deepest pipeline the server takes (8 waiting + 1). */
const PIPELINE_DEPTHS = [30, 9] as const;
/** How long each wave of pipelined sockets stays open. */
const PIPELINE_HOLD_MS = 12_000;
/** Honest requests' pace and patience. */
const HONEST_EVERY_MS = 250;
const HONEST_TIMEOUT_MS = 10_000;
const FLOOD_CONNECTIONS = 2;
/** Honest rounds without, then beside, the floods. */
const FLOOD_ROUNDS = 2;
/** A header line and `1\n` × 130,000: 256 kB, one JSON value to a bracket-and-comma count. */
const LINE_FLOOD = `{"event_id":"flood"}\n${'1\n'.repeat(130_000)}`;

/** A built-SPA stand-in for `--web`: index.html and one entry chunk of the size. */
export async function syntheticWebDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dl-bench-web-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Direct Loan</title>');
  const line = 'export const pad = "abcdefghijklmnopqrstuvwxyz0123456789";\n';
  await writeFile(
    path.join(dir, ENTRY_PATH.slice(1)),
    line.repeat(Math.ceil(ENTRY_BYTES / line.length)).slice(0, ENTRY_BYTES),
  );
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Honest GETs of the app config, one new connection each, until `stop`; their latencies. */
function honestGets(url: string) {
  const latencies: number[] = [];
  const failures: string[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${url}/app-config.json`, {
          headers: { connection: 'close' },
          signal: AbortSignal.timeout(HONEST_TIMEOUT_MS),
        });
        await res.arrayBuffer();
        if (res.ok) latencies.push(performance.now() - started);
        else failures.push(`GET /app-config.json answered ${res.status}`);
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        failures.push(`GET /app-config.json failed (${cause ?? (error as Error).name})`);
      }
      await new Promise((resolve) => setTimeout(resolve, HONEST_EVERY_MS));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { latencies, failures };
    },
  };
}

/** Sockets that pipeline `depth` GETs of the entry chunk and never read. */
function pipelinedSockets(url: string, depth: number): Socket[] {
  const { hostname, port } = new URL(url);
  const requests = `GET ${ENTRY_PATH} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`.repeat(depth);
  return Array.from({ length: PIPELINE_SOCKETS }, () => {
    const socket = connect(Number(port), hostname, () => {
      socket.pause();
      socket.write(requests);
    });
    socket.on('error', () => undefined);
    return socket;
  });
}

/** The honest GETs beside the pipelining waves. */
export interface PipelineOutcome {
  getFailures: string[];
  honestGets: number;
}

/**
 * Both waves of pipelined sockets, one after the other, with honest GETs beside them; `beside`
 * (the honest encrypted clients' round) starts with them.
 */
export async function pipelinedStaticGets(
  url: string,
  beside: () => Promise<void>,
): Promise<PipelineOutcome> {
  const honest = honestGets(url);
  const besideDone = beside();
  for (const depth of PIPELINE_DEPTHS) {
    const sockets = pipelinedSockets(url, depth);
    await new Promise((resolve) => setTimeout(resolve, PIPELINE_HOLD_MS));
    for (const socket of sockets) socket.destroy();
  }
  const gets = await honest.stop();
  await besideDone;
  return { getFailures: gets.failures, honestGets: gets.latencies.length + gets.failures.length };
}

/** Honest rounds with and without the Sentry line floods; what the floods cost the server. */
export interface FloodOutcome {
  quiet: LoadRound[];
  flooded: LoadRound[];
  honestFailures: string[];
  envelopes: number;
  refused: number;
  /** The server process's CPU time over the floods ÷ envelopes sent. */
  cpuMsPerEnvelope: number;
}

/**
 * Honest rounds (`round`, the encrypted clients in their own process, so the flood's client side
 * does not slow them) alternate without and with two connections posting line floods in a loop.
 */
export async function sentryLineFloods(
  url: string,
  cpuMs: () => Promise<number>,
  round: () => Promise<LoadRound>,
): Promise<FloodOutcome> {
  const body = Buffer.from(LINE_FLOOD);
  const outcome: FloodOutcome = {
    quiet: [],
    flooded: [],
    honestFailures: [],
    envelopes: 0,
    refused: 0,
    cpuMsPerEnvelope: Number.NaN,
  };
  let floodCpu = 0;
  for (let r = 0; r < FLOOD_ROUNDS; r += 1) {
    outcome.quiet.push(await round());
    let running = true;
    const cpuBefore = await cpuMs();
    const flooding = Array.from({ length: FLOOD_CONNECTIONS }, async () => {
      while (running) {
        outcome.envelopes += 1;
        try {
          const res = await fetch(`${url}/sentry/api/1/envelope/`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-sentry-envelope' },
            body,
          });
          await res.arrayBuffer();
          if (res.status !== 200) outcome.refused += 1;
        } catch {
          outcome.refused += 1;
        }
      }
    });
    // The floods run a moment before and for the whole honest round.
    await new Promise((resolve) => setTimeout(resolve, 500));
    outcome.flooded.push(await round());
    running = false;
    await Promise.all(flooding);
    floodCpu += (await cpuMs()) - cpuBefore;
  }
  outcome.honestFailures = [...outcome.quiet, ...outcome.flooded].flatMap((r) => r.failures);
  outcome.cpuMsPerEnvelope = floodCpu / Math.max(1, outcome.envelopes);
  return outcome;
}

const MB = 1024 * 1024;
const p50 = (rounds: LoadRound[] | undefined) => median((rounds ?? []).flatMap((r) => r.latencies));

/** The figures of the pipelined GETs (the server's memory after them) and the line floods. */
export function resourceFigures(
  section: string,
  pipelineMemory: ServerMemory,
  flood: FloodOutcome | undefined,
): Figure[] {
  return [
    {
      section,
      name: 'server RSS after the pipelined static GETs (after GC)',
      value: pipelineMemory.rss / MB,
      unit: 'MB',
      goal: { op: '<=', limit: 300 },
      note:
        `520 sockets × 30, then × 9 pipelined GETs of a 356 kB asset, never read; peak RSS ` +
        `${Math.round(pipelineMemory.peakRss / MB)} MB, peak ArrayBuffers ` +
        `${Math.round(pipelineMemory.peakArrayBuffers / MB)} MB, after GC ` +
        `${Math.round(pipelineMemory.arrayBuffers / MB)} MB`,
    },
    {
      section,
      name: 'server CPU per Sentry line-flood envelope',
      value: flood?.cpuMsPerEnvelope ?? Number.NaN,
      unit: 'ms',
      goal: { op: '<=', limit: 10 },
      note: `${flood?.envelopes ?? 0} envelopes of \`1\\n\` × 130,000 from 2 looping connections, ${flood?.refused ?? 0} refused`,
    },
    {
      section,
      name: 'honest p50 beside the Sentry line floods ÷ without',
      value: p50(flood?.flooded) / p50(flood?.quiet),
      unit: '',
      goal: { op: '<=', limit: 2 },
      note: `${p50(flood?.quiet).toFixed(1)} → ${p50(flood?.flooded).toFixed(1)} ms (encrypted clients' rounds, alternating with and without the floods)`,
    },
  ];
}
