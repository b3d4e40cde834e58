/**
 * Where a page's time went until a moment (bench/README.md "Startup", the time split), from a
 * Chromium trace of the load (`browser.startTracing`). Each instant of the page's main thread is
 * given to the innermost trace event that says what it was: compiling a script (`v8.compile`,
 * `v8.compileModule`), running one (the V8 sampling profiler's samples, each given to the script
 * of the nearest frame that has one, so promise continuations count for their script too),
 * garbage collection, sending requests and taking their answers in (`ResourceFetcher`, `Resource*`
 * events), style, layout and paint, the HTML and the page's set-up, or other browser work (task
 * overhead, messages). Outside its tasks the main thread waits: for the network while a request
 * is in flight, else idle (a timer).
 */

/** The trace categories this reads. */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink',
  'loading',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: {
    data?: {
      url?: string;
      documentLoaderURL?: string;
      isLoadingMainFrame?: boolean;
      startTime?: number;
      cpuProfile?: {
        nodes?: {
          id: number;
          parent?: number;
          callFrame: { url?: string; functionName: string };
        }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
    fileName?: string;
  };
}

/** What the main thread did, by kind (see the module comment). */
type Work = 'compile' | 'js' | 'gc' | 'requests' | 'render' | 'page' | 'other';

function workOf(name: string): Work {
  if (name === 'v8.compile' || name === 'v8.compileModule') return 'compile';
  if (name === 'MinorGC' || name === 'MajorGC' || name.startsWith('V8.GC')) return 'gc';
  if (
    [
      'v8.run',
      'v8.evaluateModule',
      'EvaluateScript',
      'FunctionCall',
      'RunMicrotasks',
      'v8.callFunction',
      'TimerFire',
      'FireIdleCallback',
      'EventDispatch',
      'v8.newInstance',
    ].includes(name) ||
    name.startsWith('V8.')
  ) {
    return 'js';
  }
  if (/Resource|URLLoader|ResponseBodyLoader/.test(name)) return 'requests';
  if (
    /^(UpdateLayoutTree|Layout|Paint|PrePaint|Commit|Layerize|UpdateLayer|PaintImage|ScheduleStyleRecalculation|HitTest|Decode Image)$/.test(
      name,
    ) ||
    /^(AnimationFrame|Blink\.|LocalFrameView::|PageAnimator|WebFrameWidgetImpl::)/.test(name) ||
    /^Document::(recalcStyle|updateStyle|UpdateStyleAndLayout)/.test(name)
  ) {
    return 'render';
  }
  if (
    /^(ParseHTML|Frame::Detach|LocalWindowProxy::Initialize|DocumentLoader::|Document::(FinishedParsing|Initialize|shutdown|SetReadyState))/.test(
      name,
    )
  ) {
    return 'page';
  }
  return 'other';
}

/** One stretch of the main thread's time, in ms since navigation start. */
interface Stretch {
  start: number;
  end: number;
  /** `compile <url>`, `run <url>`, or a Work. */
  what: string;
}

/** The page's main thread in a trace. */
export interface MainThread {
  /** Each instant of its top-level tasks, by what it did (innermost event). */
  stretches: Stretch[];
  /** The profiler's samples of scripts: `run <url>` or `gc`. */
  samples: Stretch[];
}

/** Reads the main thread of the load of `pageUrl` from a trace (`browser.stopTracing()`). */
export function mainThreadOf(trace: Buffer, pageUrl: string): MainThread {
  const parsed = JSON.parse(trace.toString('utf8')) as TraceEvent[] | { traceEvents: TraceEvent[] };
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const navigation = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.documentLoaderURL === pageUrl &&
      e.args.data.isLoadingMainFrame,
  );
  if (!navigation) throw new Error(`the trace has no navigation to ${pageUrl}`);
  const { pid, tid, ts: t0 } = navigation;
  const ms = (ts: number) => (ts - t0) / 1000;
  const spans = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined)
    .filter((e) => e.ts + (e.dur ?? 0) > t0)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const stretches: Stretch[] = [];
  // A sweep over properly nested spans: each instant goes to the innermost span that says what
  // it was (an inner span of no known kind defers to its parent's).
  const stack: { event: TraceEvent; end: number; what: string }[] = [];
  let cursor = 0;
  const emitUntil = (until: number) => {
    const top = stack.at(-1);
    if (top && until > cursor)
      stretches.push({ start: ms(cursor), end: ms(until), what: top.what });
    cursor = Math.max(cursor, until);
  };
  const whatOf = (event: TraceEvent, parent: string | undefined): string | undefined => {
    const work = workOf(event.name);
    if (work === 'compile') return `compile ${event.args?.data?.url ?? event.args?.fileName ?? ''}`;
    if (work !== 'other') return work;
    return parent;
  };
  for (const event of spans) {
    while (stack.length && (stack.at(-1)?.end ?? 0) <= event.ts) {
      emitUntil(stack.at(-1)?.end ?? 0);
      stack.pop();
    }
    const topLevel = stack.length === 0;
    if (topLevel && !/RunTask$/.test(event.name)) continue;
    emitUntil(event.ts);
    cursor = event.ts;
    stack.push({
      event,
      end: event.ts + (event.dur ?? 0),
      what: whatOf(event, stack.at(-1)?.what) ?? 'other',
    });
  }
  while (stack.length) {
    emitUntil(stack.at(-1)?.end ?? 0);
    stack.pop();
  }
  return { stretches, samples: samplesOf(events, pid, tid, ms) };
}

/** The profiler's samples of the thread, each until the next one (at most 5 ms), by script. */
function samplesOf(
  events: readonly TraceEvent[],
  pid: number,
  tid: number,
  ms: (ts: number) => number,
): Stretch[] {
  const profile = events.find(
    (e) => e.name === 'Profile' && e.pid === pid && e.tid === tid && e.id !== undefined,
  );
  if (!profile) return [];
  const urlOf = new Map<number, string>();
  const parentOf = new Map<number, number | undefined>();
  const nameOf = new Map<number, string>();
  const samples: { at: number; node: number }[] = [];
  let at = profile.args?.data?.startTime ?? profile.ts;
  for (const chunk of events) {
    if (chunk.name !== 'ProfileChunk' || chunk.pid !== pid || chunk.id !== profile.id) continue;
    const data = chunk.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) {
      parentOf.set(node.id, node.parent);
      nameOf.set(node.id, node.callFrame.functionName);
      if (node.callFrame.url) urlOf.set(node.id, node.callFrame.url);
    }
    const nodes = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    for (const [i, node] of nodes.entries()) {
      at += deltas[i] ?? 0;
      samples.push({ at, node });
    }
  }
  const scriptOf = (node: number): string | undefined => {
    for (let id: number | undefined = node; id !== undefined; id = parentOf.get(id)) {
      const url = urlOf.get(id);
      if (url) return url;
    }
    return undefined;
  };
  const out: Stretch[] = [];
  for (const [i, sample] of samples.entries()) {
    const next = samples[i + 1]?.at ?? sample.at + 1000;
    const end = Math.min(next, sample.at + 5000);
    const name = nameOf.get(sample.node);
    const script = scriptOf(sample.node);
    const what = name === '(garbage collector)' ? 'gc' : script ? `run ${script}` : undefined;
    if (what) out.push({ start: ms(sample.at), end: ms(end), what });
  }
  return out;
}

/** One line of the time split: what, and how long. */
export interface TimeShare {
  what: string;
  ms: number;
}

/** A request the page made (a row of the waterfall). */
interface InFlight {
  start: number;
  end: number;
}

/**
 * Where the time from navigation to `until` went (see the module comment), largest share first:
 * `compile <url>`, `run <url>`, `run (script)`, `gc`, `requests`, `render`, `page`, `other` on the
 * main thread; `network` and `idle` outside its tasks. The shares add up to `until`.
 */
export function timeSplit(
  thread: MainThread,
  requests: readonly InFlight[],
  until: number,
): TimeShare[] {
  const step = 0.1;
  const bins = Math.max(0, Math.ceil(until / step));
  const label: (string | undefined)[] = new Array(bins).fill(undefined);
  const paint = (
    start: number,
    end: number,
    what: (old: string | undefined) => string | undefined,
  ) => {
    const from = Math.max(0, Math.floor(start / step));
    const to = Math.min(bins, Math.ceil(end / step));
    for (let i = from; i < to; i++) label[i] = what(label[i]);
  };
  for (const stretch of thread.stretches) paint(stretch.start, stretch.end, () => stretch.what);
  // Script time by the profiler's samples, where the trace says script or nothing specific.
  for (const sample of thread.samples) {
    paint(sample.start, sample.end, (old) => (old === 'js' || old === 'other' ? sample.what : old));
  }
  for (let i = 0; i < bins; i++) {
    if (label[i] === 'js') label[i] = 'run (script)';
  }
  // Outside the tasks: waiting for the network while a request is in flight.
  const flight = new Array<boolean>(bins).fill(false);
  for (const request of requests) {
    const from = Math.max(0, Math.floor(request.start / step));
    const to = Math.min(bins, Math.ceil(request.end / step));
    for (let i = from; i < to; i++) flight[i] = true;
  }
  for (let i = 0; i < bins; i++) {
    if (label[i] === undefined) label[i] = flight[i] ? 'network' : 'idle';
  }
  const totals = new Map<string, number>();
  for (const what of label) if (what) totals.set(what, (totals.get(what) ?? 0) + step);
  return [...totals].map(([what, total]) => ({ what, ms: total })).sort((a, b) => b.ms - a.ms);
}
