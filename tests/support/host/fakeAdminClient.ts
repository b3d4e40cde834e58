/** Test doubles for the host core (used by host, main and harness tests). */
import type {
  ActiveRecording,
  RecordingList,
  RecordingStart,
  RecordingSummary,
} from '@shared/recording';
import type { HostAction } from '@shared/simWorld';
import type { ContractReport, UpstreamStatus } from '@shared/upstream';
import {
  type ArmedFault,
  type ClockCommand,
  type ClockState,
  type FaultInput,
  faultSpecSchema,
  instantMs,
  type RestoreAnswer,
  type WorldSnapshot,
} from '@shared/workbench';
import type {
  AdminClient,
  ProductAnswerOf,
  ScenarioList,
  TrafficEntry,
  WorkbenchAdminClient,
} from '@host/adminClient';

/** An in-memory admin API that records what the host asked for. */
export class FakeAdminClient implements AdminClient {
  current = 'can-borrow';
  readonly names = ['new-user', 'can-borrow', 'repaying', 'session-expired'];
  tokensIssued = 0;
  readonly requests: string[] = [];
  traffic: TrafficEntry[] = [];
  failWith: Error | null = null;
  /** What the backend answers a host action (default: ok, with an order number for loanApply). */
  hostAnswer: ProductAnswerOf | null = null;
  readonly hostActions: { method: HostAction; token: string; params: object }[] = [];

  private check(what: string): void {
    this.requests.push(what);
    if (this.failWith) throw this.failWith;
  }
  async scenarios(): Promise<ScenarioList> {
    this.check('scenarios');
    return {
      current: this.current,
      scenarios: this.names.map((name) => ({ name, title: name, description: '' })),
    };
  }
  async selectScenario(name: string): Promise<void> {
    this.check(`scenario ${name}`);
    if (!this.names.includes(name)) throw new Error(`Unknown scenario ${name}`);
    this.current = name;
  }
  async reset(): Promise<void> {
    this.check('reset');
  }
  async log(limit: number): Promise<TrafficEntry[]> {
    this.check(`log ${limit}`);
    return this.traffic.slice(-limit);
  }
  async sessionToken(msisdn?: string): Promise<string> {
    this.check(`session-token ${msisdn ?? ''}`);
    this.tokensIssued += 1;
    return `token-${this.current}-${msisdn ?? 'default'}-${this.tokensIssued}`;
  }
  async hostAction(method: HostAction, token: string, params: object): Promise<ProductAnswerOf> {
    this.check(`host ${method}`);
    this.hostActions.push({ method, token, params });
    const orderNo = `DL${String(this.hostActions.length).padStart(6, '0')}`;
    return (
      this.hostAnswer ?? {
        code: 200,
        message: 'success',
        data: method === 'loanApply' ? { orderNo } : null,
      }
    );
  }
}

/** An in-memory workbench of one world: clock, faults and snapshots, recording each call. */
export class FakeWorkbenchClient implements WorkbenchAdminClient {
  readonly requests: string[] = [];
  clockState: ClockState = { now: Date.now(), offsetMs: 0, running: true };
  armed: ArmedFault[] = [];
  restored: WorldSnapshot[] = [];
  scenario = 'can-borrow';
  failWith: Error | null = null;
  private ids = 0;

  private check(what: string): void {
    this.requests.push(what);
    if (this.failWith) throw this.failWith;
  }
  async clock(): Promise<ClockState> {
    this.check('clock');
    return this.clockState;
  }
  async setClock(command: ClockCommand): Promise<ClockState> {
    this.check('set-clock');
    const real = Date.now();
    let now = command.at === undefined ? real + this.clockState.offsetMs : instantMs(command.at);
    now += command.advanceMs ?? 0;
    const running = command.running ?? this.clockState.running;
    this.clockState = { now, offsetMs: now - real, running };
    return this.clockState;
  }
  async resetClock(): Promise<ClockState> {
    this.check('reset-clock');
    this.clockState = { now: Date.now(), offsetMs: 0, running: true };
    return this.clockState;
  }
  async faults(): Promise<ArmedFault[]> {
    this.check('faults');
    return this.armed;
  }
  async addFault(spec: FaultInput): Promise<ArmedFault> {
    this.check('add-fault');
    const parsed = faultSpecSchema.parse(spec);
    this.ids += 1;
    const fault = { ...parsed, id: `f${this.ids}`, remaining: parsed.times ?? null };
    this.armed = [...this.armed, fault];
    return fault;
  }
  async clearFault(id: string): Promise<void> {
    this.check(`clear-fault ${id}`);
    this.armed = this.armed.filter((f) => f.id !== id);
  }
  async clearFaults(): Promise<number> {
    this.check('clear-faults');
    const cleared = this.armed.length;
    this.armed = [];
    return cleared;
  }
  async rotateIdentity(): Promise<string> {
    this.check('rotate-identity');
    return 'BASE64KEY';
  }
  async snapshot(world?: string): Promise<WorldSnapshot> {
    this.check(`snapshot ${world ?? ''}`);
    return {
      version: 1,
      world: world ?? 'w-test',
      takenAt: Date.now(),
      scenario: this.scenario,
      state: { orders: 3 },
      faults: this.armed,
      clock: this.clockState,
      log: [],
    };
  }
  async restore(snapshot: WorldSnapshot, world?: string): Promise<RestoreAnswer> {
    this.check(`restore ${world ?? ''}`);
    this.restored.push(snapshot);
    this.scenario = snapshot.scenario;
    this.armed = snapshot.faults;
    this.clockState = snapshot.clock;
    return { world: world ?? 'w-test', scenario: snapshot.scenario };
  }

  upstreamStatus: UpstreamStatus = {
    url: null,
    state: 'off',
    identityKey: null,
    message: 'Off',
    calls: 0,
    phones: 0,
  };
  report: ContractReport = { upstream: null, checked: 0, breaches: 0, paths: [] };
  recording: ActiveRecording | null = null;
  saved: RecordingSummary[] = [];
  exported: string[] = [];

  async upstream(): Promise<UpstreamStatus> {
    this.check('upstream');
    return this.upstreamStatus;
  }
  async setUpstream(url: string): Promise<UpstreamStatus> {
    this.check(`set-upstream ${url}`);
    this.upstreamStatus = {
      ...this.upstreamStatus,
      url,
      state: 'ready',
      message: `Relaying to ${url}`,
    };
    return this.upstreamStatus;
  }
  async clearUpstream(): Promise<UpstreamStatus> {
    this.check('clear-upstream');
    this.upstreamStatus = { ...this.upstreamStatus, url: null, state: 'off', message: 'Off' };
    return this.upstreamStatus;
  }
  async trustUpstream(): Promise<UpstreamStatus> {
    this.check('trust-upstream');
    this.upstreamStatus = { ...this.upstreamStatus, state: 'ready' };
    return this.upstreamStatus;
  }
  async contractReport(): Promise<ContractReport> {
    this.check('contract-report');
    return this.report;
  }
  async recordings(): Promise<RecordingList> {
    this.check('recordings');
    return { active: this.recording, recordings: this.saved };
  }
  async startRecording(start: RecordingStart): Promise<ActiveRecording> {
    this.check(`start-recording ${start.name}`);
    this.recording = {
      name: start.name,
      world: 'w-test',
      startedAt: new Date().toISOString(),
      exchanges: 0,
      full: false,
    };
    return this.recording;
  }
  async stopRecording(): Promise<RecordingSummary> {
    this.check('stop-recording');
    const name = this.recording?.name ?? 'none';
    this.recording = null;
    const summary: RecordingSummary = {
      name,
      title: `Recorded: ${name}`,
      recordedAt: new Date().toISOString(),
      source: this.upstreamStatus.url ? `upstream ${this.upstreamStatus.url}` : 'mock',
      exchanges: 0,
      paths: 0,
      kept: 'data-dir',
    };
    this.saved = [...this.saved, summary];
    return summary;
  }
  async exportRecording(name: string): Promise<string> {
    this.check(`export-recording ${name}`);
    this.exported.push(name);
    return `fixtures/recordings/${name}.json`;
  }
}
