/**
 * The QA workbench of one phone, behind the control panel (harness and Electron alike): the fault
 * lab, the world's clock (which the phone's Date follows), repro bundles, and upstream mode with
 * its recordings and contract report (src/shared/upstream.ts). Calls arrive as one
 * typed, parsed message (`workbenchCallSchema`), so Electron's IPC and the in-page harness share
 * this code; the phone's own parts (its route, its storage) are injected per runtime.
 */

import {
  type ActiveRecording,
  type RecordingList,
  type RecordingSummary,
  recordingStartSchema,
} from '@shared/recording';
import { type ContractReport, type UpstreamStatus, upstreamBodySchema } from '@shared/upstream';
import {
  type ArmedFault,
  type ClockState,
  clockCommandSchema,
  faultSpecSchema,
} from '@shared/workbench';
import { z } from '@shared/zod';
import type { WorkbenchAdminClient } from './adminClient';
import type { HostCore } from './HostCore';
import { missingCaseError } from '@shared/missingCaseError';
import { phoneClockOf } from './phoneClock';
import { REPRO_FORMAT, type ReproBundle, reproBundleSchema } from './reproBundle';
import { errorMessage } from '@shared/errors';

export const workbenchCallSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('clock') }),
  z.object({ op: z.literal('setClock'), command: clockCommandSchema }),
  z.object({ op: z.literal('resetClock') }),
  z.object({ op: z.literal('faults') }),
  z.object({ op: z.literal('addFault'), spec: faultSpecSchema }),
  z.object({ op: z.literal('clearFault'), id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  z.object({ op: z.literal('clearFaults') }),
  z.object({ op: z.literal('rotateIdentity') }),
  z.object({ op: z.literal('exportBundle') }),
  z.object({ op: z.literal('importBundle'), bundle: reproBundleSchema }),
  z.object({ op: z.literal('upstream') }),
  z.object({ op: z.literal('setUpstream'), url: upstreamBodySchema.shape.url }),
  z.object({ op: z.literal('clearUpstream') }),
  z.object({ op: z.literal('trustUpstream') }),
  z.object({ op: z.literal('contractReport') }),
  z.object({ op: z.literal('recordings') }),
  z.object({ op: z.literal('startRecording'), start: recordingStartSchema }),
  z.object({ op: z.literal('stopRecording') }),
  z.object({ op: z.literal('exportRecording'), name: recordingStartSchema.shape.name }),
]);
export type WorkbenchCall = z.infer<typeof workbenchCallSchema>;
export type WorkbenchOp = WorkbenchCall['op'];

/** What each call answers. */
export interface WorkbenchAnswers {
  clock: ClockState;
  setClock: ClockState;
  resetClock: ClockState;
  faults: ArmedFault[];
  addFault: ArmedFault;
  clearFault: null;
  clearFaults: number;
  rotateIdentity: string;
  exportBundle: ReproBundle;
  /** The route the phone opens. */
  importBundle: { path: string };
  upstream: UpstreamStatus;
  setUpstream: UpstreamStatus;
  clearUpstream: UpstreamStatus;
  trustUpstream: UpstreamStatus;
  contractReport: ContractReport;
  recordings: RecordingList;
  startRecording: ActiveRecording;
  stopRecording: RecordingSummary;
  /** The file written. */
  exportRecording: string;
}

export type WorkbenchResult<Op extends WorkbenchOp = WorkbenchOp> =
  | { ok: true; value: WorkbenchAnswers[Op] }
  | { ok: false; error: string };

/** The phone's own parts the workbench needs, per runtime. */
export interface PhoneAccess {
  /** The app's current route (path, query and hash). */
  path(): string;
  /** The app's localStorage in the current profile, as plain entries. */
  readStorage(): Promise<Record<string, string>>;
  /** Replaces the app's localStorage in `profile` (before the app reloads). */
  writeStorage(profile: string, entries: Record<string, string>): Promise<void>;
  /** Opens `path` in the phone once the host has reloaded the app. */
  open(path: string): void;
}

export class Workbench {
  constructor(
    private readonly host: HostCore,
    private readonly client: WorkbenchAdminClient,
    private readonly phone: PhoneAccess,
    private readonly runtime: 'harness' | 'electron',
  ) {}

  /** Reads the world's clock, so a reloaded panel's phone keeps its world's time. */
  async start(): Promise<void> {
    try {
      this.follow(await this.client.clock());
    } catch {
      // An older mock server without a clock: the phone keeps real time.
    }
  }

  /** Runs one call; never throws (the error comes back for the panel to show). */
  async run<C extends WorkbenchCall>(call: C): Promise<WorkbenchResult<C['op']>> {
    try {
      const value = (await this.apply(call)) as WorkbenchAnswers[C['op']];
      return { ok: true, value };
    } catch (error) {
      return { ok: false, error: errorMessage(error) };
    }
  }

  private async apply(call: WorkbenchCall): Promise<WorkbenchAnswers[WorkbenchOp]> {
    switch (call.op) {
      case 'clock':
        return this.follow(await this.client.clock());
      case 'setClock':
        return this.follow(await this.client.setClock(call.command));
      case 'resetClock':
        return this.follow(await this.client.resetClock());
      case 'faults':
        return this.client.faults();
      case 'addFault':
        return this.client.addFault(call.spec);
      case 'clearFault':
        await this.client.clearFault(call.id);
        return null;
      case 'clearFaults':
        return this.client.clearFaults();
      case 'rotateIdentity':
        return this.client.rotateIdentity();
      case 'exportBundle':
        return this.exportBundle();
      case 'importBundle':
        return this.importBundle(call.bundle);
      case 'upstream':
        return this.client.upstream();
      case 'setUpstream':
        return this.client.setUpstream(call.url);
      case 'clearUpstream':
        return this.client.clearUpstream();
      case 'trustUpstream':
        return this.client.trustUpstream();
      case 'contractReport':
        return this.client.contractReport();
      case 'recordings':
        return this.client.recordings();
      case 'startRecording':
        return this.client.startRecording(call.start);
      case 'stopRecording':
        return this.client.stopRecording();
      case 'exportRecording':
        return this.client.exportRecording(call.name);
      default:
        throw missingCaseError(call);
    }
  }

  private follow(state: ClockState): ClockState {
    this.host.setPhoneClock(phoneClockOf(state));
    return state;
  }

  private async exportBundle(): Promise<ReproBundle> {
    const snapshot = this.host.getSnapshot();
    return {
      format: REPRO_FORMAT,
      version: 1,
      createdAt: Date.now(),
      runtime: this.runtime,
      settings: snapshot.settings,
      path: this.phone.path(),
      appStorage: await this.phone.readStorage(),
      world: await this.client.snapshot(),
      calls: [...snapshot.calls],
      notes: [...snapshot.notes],
    };
  }

  /**
   * The bundle's world replaces this phone's world, the host takes its settings and call log, the
   * app gets its storage back and opens the bundle's route.
   */
  private async importBundle(bundle: ReproBundle): Promise<{ path: string }> {
    const settings = { ...this.host.getSnapshot().settings, ...bundle.settings };
    await this.host.replaceWorld(async () => {
      const restored = await this.client.restore(bundle.world);
      await this.phone.writeStorage(settings.profile, bundle.appStorage);
      const calls = bundle.calls.map((call) => ({ ...call, params: call.params }));
      return { scenario: restored.scenario, settings, calls, notes: bundle.notes };
    });
    this.follow(await this.client.clock());
    this.phone.open(bundle.path);
    return { path: bundle.path };
  }
}
