/**
 * One recording in progress (src/shared/recording.ts): every product exchange of its world in
 * order, with its time, until it is stopped. Then `finish` redacts the whole of it (./redactor.ts,
 * two passes, so a name is cleaned out of a message even when the message came first) and makes
 * it a scenario file: per path the answers in order, the exchanges, and the clock anchor. Nothing
 * unredacted leaves this object. Handshakes, protocol refusals and calls that got no answer are
 * not exchanges of the product and are not recorded.
 */
import type { ApiHost, ProductAnswer } from '@shared/api/endpoints';
import {
  type ActiveRecording,
  MAX_RECORDED_EXCHANGES,
  type RECORDED_SOURCES,
  type Replay,
  type ReplayAnswer,
  type ReplayExchange,
  replayKeyOf,
} from '@shared/recording';
import { Redactor } from './redactor';

/** One decrypted exchange as the traffic log saw it. */
export interface ExchangeToRecord {
  /** Epoch ms of the request. */
  at: number;
  host: ApiHost;
  path: string;
  request: { headers: Record<string, string>; userBaseInfo: unknown; data: unknown };
  response: ProductAnswer;
  ms: number;
  source: (typeof RECORDED_SOURCES)[number];
}

interface RecorderOptions {
  name: string;
  world: string;
  title?: string;
  /** The fixture scenario it extends (default `new-user`). */
  base?: string;
  /** What answers: `upstream http://…` or `mock scenario repaying`. */
  source: string;
  /** The world's clock when it starts (epoch ms). */
  clockAnchor: number;
  /** Real epoch ms when it starts. */
  startedAt?: number;
}

/** Most JSON characters one recording holds before it takes no more (with MAX_RECORDED_EXCHANGES). */
const MAX_RECORDED_CHARS = 8 * 1024 * 1024;

/** A recorded scenario file, ready to be saved and loaded (src/shared/scenario.ts). */
export interface RecordedScenarioFile {
  name: string;
  title: string;
  description: string;
  extends: string;
  replay: Replay;
}

export class Recorder {
  private readonly exchanges: ExchangeToRecord[] = [];
  private chars = 0;
  private isFull = false;
  readonly startedAt: number;

  constructor(private readonly options: RecorderOptions) {
    this.startedAt = options.startedAt ?? Date.now();
  }

  get name(): string {
    return this.options.name;
  }

  add(exchange: ExchangeToRecord): void {
    if (this.isFull) return;
    const size = JSON.stringify(exchange).length;
    if (this.exchanges.length >= MAX_RECORDED_EXCHANGES || this.chars + size > MAX_RECORDED_CHARS) {
      this.isFull = true;
      return;
    }
    this.chars += size;
    this.exchanges.push(structuredClone(exchange));
  }

  active(): ActiveRecording {
    return {
      name: this.options.name,
      world: this.options.world,
      startedAt: new Date(this.startedAt).toISOString(),
      exchanges: this.exchanges.length,
      full: this.isFull,
    };
  }

  /** The redacted scenario file of everything recorded so far. */
  finish(): RecordedScenarioFile {
    const redactor = new Redactor();
    for (const exchange of this.exchanges) {
      redactor.learn(exchange.request);
      redactor.learn(exchange.response.data);
    }
    const answers: Record<string, ReplayAnswer[]> = {};
    const exchanges: ReplayExchange[] = [];
    for (const exchange of this.exchanges) {
      const key = replayKeyOf(exchange.host, exchange.path);
      const list = answers[key] ?? [];
      answers[key] = list;
      exchanges.push({
        at: Math.max(0, exchange.at - this.startedAt),
        key,
        n: list.length,
        ms: exchange.ms,
        source: exchange.source,
        request: redactor.redact(exchange.request),
      });
      list.push({
        code: exchange.response.code,
        message: redactor.cleanText(exchange.response.message),
        data: redactor.redact(exchange.response.data),
      });
    }
    const recordedAt = new Date(this.startedAt).toISOString();
    const source = redactor.cleanText(this.options.source);
    const paths = Object.keys(answers).length;
    return {
      name: this.options.name,
      title: this.options.title ?? `Recorded: ${this.options.name}`,
      description:
        `Recorded ${recordedAt} from ${source}: ${exchanges.length} exchanges on ${paths} paths, ` +
        'redacted. Each path replays its recorded answers in order (then the last one again); ' +
        'what was not recorded answers 404.',
      extends: this.options.base ?? 'new-user',
      replay: {
        version: 1,
        recordedAt,
        clockAnchor: this.options.clockAnchor,
        source,
        answers,
        exchanges,
        redacted: redactor.summary(),
      },
    };
  }
}
