/**
 * The recordings of one server (src/shared/recording.ts): at most one in progress per world, and
 * the saved ones, each a scenario of the server's catalog (mock-server/domain/catalog.ts), so it
 * is loadable by its name wherever scenarios are. Saved recordings are kept in
 * `<data dir>/recordings/<name>.json`; `fixtures/recordings/<name>.json` holds the committed ones
 * (read at start; `export` writes there). Without a data dir they live in memory only.
 */
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type ActiveRecording,
  kebabNameSchema,
  type RecordingList,
  type RecordingStart,
  type RecordingSummary,
} from '@shared/recording';
import { errorMessage } from '@shared/errors';
import type { ScenarioCatalog } from '../domain/catalog';
import { writeFileAtomic } from '../persistence/worldFiles';
import { type ExchangeToRecord, type RecordedScenarioFile, Recorder } from './recorder';

/** The committed recordings of the repository (fixtures/recordings). */
const FIXTURE_RECORDINGS_DIR = path.resolve(import.meta.dirname, '../../fixtures/recordings');
/** The folder of saved recordings inside a data dir. */
export const recordingsDirOf = (dataDir: string) => path.join(dataDir, 'recordings');

/**
 * Recordings in progress at once: each may hold 8 MB until it stops, so a shared server with its
 * 200 worlds cannot be made to hold gigabytes.
 */
const MAX_ACTIVE_RECORDINGS = 20;

/** A request the recordings refuse, with the HTTP status the admin API answers. */
export class RecordingError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface RecordingsOptions {
  catalog: ScenarioCatalog;
  /** Where recordings are saved (`<data dir>/recordings`); none = memory only. */
  dir?: string;
  /** Committed recordings, read at start; where `export` writes (default fixtures/recordings). */
  fixturesDir?: string;
}

type Kept = RecordingSummary['kept'];

/** What `load` found. */
interface LoadReport {
  loaded: string[];
  /** Files that are not recordings of this server, with why. */
  refused: string[];
}

export class Recordings {
  private readonly active = new Map<string, Recorder>();
  private readonly saved = new Map<string, { file: RecordedScenarioFile; kept: Kept }>();
  private readonly fixturesDir: string;

  constructor(private readonly options: RecordingsOptions) {
    this.fixturesDir = options.fixturesDir ?? FIXTURE_RECORDINGS_DIR;
  }

  /** Reads the committed recordings, then the data dir's (which win a name both have). */
  async load(): Promise<LoadReport> {
    const report: LoadReport = { loaded: [], refused: [] };
    const folders: [string | undefined, Kept][] = [
      [this.fixturesDir, 'fixtures'],
      [this.options.dir, 'data-dir'],
    ];
    for (const [dir, kept] of folders) {
      if (!dir) continue;
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
        const file = path.join(dir, name);
        try {
          const raw: unknown = JSON.parse(await readFile(file, 'utf8'));
          this.keep(raw as RecordedScenarioFile, kept, name.slice(0, -'.json'.length));
          report.loaded.push(file);
        } catch (error) {
          report.refused.push(`${file}: ${errorMessage(error)}`);
        }
      }
    }
    return report;
  }

  /** Starts recording `world`; RecordingError when it cannot. */
  start(
    world: { id: string; clockNow: number },
    spec: RecordingStart,
    source: string,
  ): ActiveRecording {
    const busy = this.active.get(world.id);
    if (busy) {
      throw new RecordingError(
        409,
        `World ${world.id} is already recording "${busy.name}": stop it first`,
      );
    }
    if (this.active.size >= MAX_ACTIVE_RECORDINGS) {
      throw new RecordingError(
        409,
        `${MAX_ACTIVE_RECORDINGS} worlds are recording already, the most at once: stop one first`,
      );
    }
    if (this.options.catalog.isFixture(spec.name)) {
      throw new RecordingError(
        409,
        `"${spec.name}" is a fixture scenario: give the recording another name`,
      );
    }
    for (const [other, recorder] of this.active) {
      if (recorder.name === spec.name) {
        throw new RecordingError(409, `World ${other} is recording "${spec.name}" already`);
      }
    }
    const base = spec.base ?? 'new-user';
    if (!this.options.catalog.isFixture(base)) {
      throw new RecordingError(404, `A recording extends a fixture scenario; "${base}" is none`);
    }
    const recorder = new Recorder({
      name: spec.name,
      world: world.id,
      ...(spec.title ? { title: spec.title } : {}),
      base,
      source,
      clockAnchor: world.clockNow,
    });
    this.active.set(world.id, recorder);
    return recorder.active();
  }

  /** Hands a world's exchange to its recording, if it has one. */
  record(world: string, exchange: ExchangeToRecord): void {
    this.active.get(world)?.add(exchange);
  }

  /** The world's recording in progress. */
  activeOf(world: string): ActiveRecording | null {
    return this.active.get(world)?.active() ?? null;
  }

  /** Stops the world's recording: redacted, saved and a scenario from now on. */
  async stop(world: string): Promise<RecordingSummary> {
    const recorder = this.active.get(world);
    if (!recorder) throw new RecordingError(404, `World ${world} is not recording`);
    this.active.delete(world);
    const file = recorder.finish();
    const dir = this.options.dir;
    if (dir) {
      await mkdir(dir, { recursive: true });
      await writeFileAtomic(
        path.join(dir, `${file.name}.json`),
        `${JSON.stringify(file, null, 2)}\n`,
      );
    }
    this.keep(file, dir ? 'data-dir' : 'memory');
    return this.summaryOf(file.name);
  }

  /** Stops every recording in progress (the server stops): each is saved as `stop` saves it. */
  async stopAll(): Promise<void> {
    for (const world of [...this.active.keys()]) {
      await this.stop(world).catch((error: unknown) => {
        console.error(`[mock] recording of world ${world} not saved:`, errorMessage(error));
      });
    }
  }

  list(world: string): RecordingList {
    return {
      active: this.activeOf(world),
      recordings: [...this.saved.keys()].sort().map((name) => this.summaryOf(name)),
    };
  }

  /** A saved recording's scenario file. */
  file(name: string): RecordedScenarioFile | undefined {
    return this.saved.get(name)?.file;
  }

  /** Writes a saved recording into the committed folder; answers the file written. */
  async export(name: string): Promise<string> {
    const saved = this.saved.get(name);
    if (!saved) throw new RecordingError(404, `No recording "${name}"`);
    await mkdir(this.fixturesDir, { recursive: true });
    const file = path.join(this.fixturesDir, `${name}.json`);
    await writeFileAtomic(file, `${JSON.stringify(saved.file, null, 2)}\n`);
    return file;
  }

  private keep(raw: RecordedScenarioFile, kept: Kept, fileName?: string): void {
    const name = kebabNameSchema.safeParse(raw?.name);
    if (!name.success || (fileName !== undefined && fileName !== raw.name)) {
      throw new Error(`its name must be a kebab-case name equal to the file's (${fileName})`);
    }
    if (!raw.replay) throw new Error('it has no replay: not a recording');
    this.options.catalog.addRecording(raw);
    this.saved.set(raw.name, { file: raw, kept });
  }

  private summaryOf(name: string): RecordingSummary {
    const { file, kept } = this.saved.get(name) as { file: RecordedScenarioFile; kept: Kept };
    return {
      name,
      title: file.title,
      recordedAt: file.replay.recordedAt,
      source: file.replay.source,
      exchanges: file.replay.exchanges.length,
      paths: Object.keys(file.replay.answers).length,
      kept,
    };
  }
}
