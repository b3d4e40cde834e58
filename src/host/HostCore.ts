/**
 * The simulated native host: holds profile and settings, answers bridge calls through one handler
 * per method, keeps the call log and the pending interactive requests, and tells subscribers
 * (panel UI, Electron windows) about every change. Pure TS; its I/O is injected.
 */
import {
  type BridgeEvent,
  type BridgeMethod,
  type BridgeResult,
  parseBridgeCall,
} from '@shared/bridge';
import { DEFAULT_ACCOUNTS } from './accounts';
import type { AdminClient, ScenarioList } from './adminClient';
import { defaultSettings } from './defaults';
import { handlers } from './handlers';
import type { Decision, Handler, HandlerContext } from './handlers/context';
import type { PhoneClock } from './phoneClock';
import {
  type CallLogEntry,
  type CallOrigin,
  type HostEventMessage,
  type HostNote,
  type HostNoteKind,
  type HostSettings,
  type HostSnapshot,
  type HostView,
  type InteractiveMethod,
  type PayeeAccount,
  STALE_PAGE_MESSAGE,
} from './types';
import { errorMessage } from '@shared/errors';

interface HostCoreOptions {
  admin: AdminClient;
  /** Epoch milliseconds. */
  clock?: () => number;
  newId?: () => string;
  settings?: Partial<HostSettings>;
  accounts?: readonly PayeeAccount[];
  /** The host's own device id (the SPA appends -h5). */
  deviceId?: string;
  /** Oldest calls are dropped beyond this many. */
  maxCalls?: number;
}

const MAX_SURFACES = 20;

/**
 * Ids of one host's lifetime: `h<session>-<n>`. The session part is random because logs outlive
 * their host — the harness's F5 hands the kept call log and notes to a new HostCore, a repro
 * bundle brings another host's — and a counter restarting at 1 gave new rows the ids of old ones
 * (rows finished twice, React keys repeated, counts that disagreed with the rows).
 */
function sessionIds(): () => string {
  const session = Math.random().toString(36).slice(2, 8).padEnd(6, '0');
  let counter = 0;
  return () => `h${session}-${++counter}`;
}

/** The first row of each id: a log kept or imported with repeated ids shows each row once. */
function uniqueIds<T extends { id: string }>(rows: readonly T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.id) && seen.add(row.id));
}

export class HostCore {
  private snapshot: HostSnapshot;
  private readonly listeners = new Set<() => void>();
  /** Host → web listeners; `event` when the listener is the page's own for one event. */
  private readonly eventListeners = new Map<
    (message: HostEventMessage) => void,
    BridgeEvent | string | null
  >();
  private readonly waiting = new Map<string, (decision: Decision) => void>();
  private readonly admin: AdminClient;
  private readonly clock: () => number;
  private readonly newId: () => string;
  private readonly maxCalls: number;
  /**
   * App pages of this generation or older are being replaced (a scenario switch or reset is under
   * way, or they were reloaded): their late calls are not answered, as a closed webview's would
   * not be. Without it, the old page's calls made with the invalidated token kicked the user out
   * without the tip and could land after the fresh page had started.
   */
  private retiredGeneration = -1;

  constructor(options: HostCoreOptions) {
    this.admin = options.admin;
    this.clock = options.clock ?? (() => Date.now());
    this.newId = options.newId ?? sessionIds();
    this.maxCalls = options.maxCalls ?? 500;
    this.snapshot = {
      settings: { ...defaultSettings(), ...options.settings },
      tokenValue: '',
      deviceId: options.deviceId ?? `SIM-${this.newId()}`,
      scenario: null,
      view: { kind: 'app' },
      surfaces: [],
      pending: [],
      calls: [],
      notes: [],
      accounts: options.accounts ?? DEFAULT_ACCOUNTS,
      appGeneration: 0,
      error: null,
      clock: null,
    };
  }

  getSnapshot = (): HostSnapshot => this.snapshot;

  /** Called after every change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Host → web events; returns the unsubscribe function. `event` names the one event a page's
   * listener is for (the harness bridge), so the timeline can say how many listeners heard it.
   */
  onEvent(listener: (message: HostEventMessage) => void, event?: string): () => void {
    this.eventListeners.set(listener, event ?? null);
    return () => this.eventListeners.delete(listener);
  }

  /** Reads the current scenario and signs the native user in when the settings say so. */
  async start(): Promise<void> {
    await this.guard(async () => {
      const list = await this.admin.scenarios();
      this.update({ scenario: list.current });
      if (this.snapshot.settings.signedIn) await this.signIn();
    });
  }

  /** Answers one bridge call; never throws (errors become resultCode 3). */
  async call(method: unknown, params?: unknown, origin?: CallOrigin): Promise<BridgeResult> {
    if (origin && origin.appGeneration <= this.retiredGeneration) {
      return { resultCode: 3, message: STALE_PAGE_MESSAGE };
    }
    const entry: CallLogEntry = {
      id: this.newId(),
      at: this.clock(),
      generation: origin?.appGeneration ?? this.snapshot.appGeneration,
      method: String(method),
      params,
    };
    this.pushCall(entry);
    const parsed = parseBridgeCall(method, params);
    let result: BridgeResult;
    if (!parsed.ok) {
      result = parsed.result;
    } else if (this.snapshot.settings.profile === 'web') {
      result = { resultCode: 1, message: 'No native host in the web profile' };
    } else {
      const handler = handlers[parsed.method] as Handler<typeof parsed.method>;
      try {
        result = await handler(parsed.params as never, this.context);
      } catch (error) {
        result = { resultCode: 3, message: errorMessage(error) };
      }
    }
    this.finishCall(entry.id, result);
    return result;
  }

  /** Answers a pending interactive request; false when it is no longer pending. */
  answer(requestId: string, decision: Decision): boolean {
    const resolve = this.waiting.get(requestId);
    if (!resolve) return false;
    this.waiting.delete(requestId);
    this.update({ pending: this.snapshot.pending.filter((p) => p.id !== requestId) });
    if (decision.delayMs) setTimeout(() => resolve(decision), decision.delayMs);
    else resolve(decision);
    return true;
  }

  /** Changes settings. A profile change reloads the app; a user change signs in again. */
  async updateSettings(patch: Partial<HostSettings>): Promise<void> {
    const before = this.snapshot.settings;
    const settings: HostSettings = {
      ...before,
      ...patch,
      autoAnswer: { ...before.autoAnswer, ...patch.autoAnswer },
    };
    this.update({ settings });
    const changed = Object.entries(patch).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof HostSettings]),
    );
    if (changed.length) {
      const text = changed.map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join(', ');
      this.note('settings', text);
    }
    for (const request of this.snapshot.pending) {
      const auto = settings.autoAnswer[request.method];
      if (auto !== 'ask') this.answer(request.id, { answer: auto });
    }
    if (patch.profile !== undefined && patch.profile !== before.profile) this.reload();
    const userChanged = patch.msisdn !== undefined && patch.msisdn !== before.msisdn;
    if (settings.signedIn && (userChanged || !before.signedIn)) {
      await this.guard(() => this.signIn());
    } else if (!settings.signedIn && before.signedIn) {
      this.signOut();
    }
  }

  /** Scenarios of the mock server. */
  listScenarios(): Promise<ScenarioList> {
    return this.admin.scenarios();
  }

  /** Selects a scenario (the server resets its state), signs in again and reloads the app. */
  async selectScenario(name: string): Promise<void> {
    await this.replaceApp(async () => {
      await this.admin.selectScenario(name);
      this.note('scenario', `Scenario ${name} (the world's server state starts again)`);
      this.update({ scenario: name });
      if (this.snapshot.settings.signedIn) await this.signIn();
    });
  }

  /** Resets the server's state to the current scenario and the host to a fresh app. */
  async reset(): Promise<void> {
    await this.replaceApp(async () => {
      await this.admin.reset();
      this.note('reset', `Reset scenario ${this.snapshot.scenario ?? ''}`.trim());
      this.update({ surfaces: [], view: { kind: 'app' } });
      if (this.snapshot.settings.signedIn) await this.signIn();
    });
  }

  /**
   * Replaces the phone's world (a repro bundle's import): `change` restores the server side and
   * names the scenario, settings and call log the host takes; the app reloads in them. Throws
   * what `change` threw, after the page is answered again.
   */
  async replaceWorld(
    change: () => Promise<{
      scenario: string;
      settings: HostSettings;
      calls: readonly CallLogEntry[];
      notes: readonly HostNote[];
    }>,
  ): Promise<void> {
    let failure: unknown = null;
    await this.replaceApp(async () => {
      try {
        const next = await change();
        this.update({
          scenario: next.scenario,
          settings: next.settings,
          calls: uniqueIds(next.calls).slice(-this.maxCalls),
          notes: uniqueIds(next.notes).slice(-this.maxCalls),
          surfaces: [],
          view: { kind: 'app' },
        });
        if (next.settings.signedIn) await this.signIn();
        else this.signOut();
      } catch (error) {
        failure = error ?? new Error('The world could not be replaced');
        throw failure;
      }
    });
    if (failure) throw failure;
  }

  /**
   * Changes server state under the running page, then reloads it. The page is retired first, so
   * nothing it does against the changing server reaches the host; when the change fails, the page
   * stays and is answered again.
   */
  private async replaceApp(change: () => Promise<void>): Promise<void> {
    const generation = this.snapshot.appGeneration;
    const retiredBefore = this.retiredGeneration;
    this.retire(generation);
    await this.guard(async () => {
      await change();
      this.reload();
    });
    if (this.snapshot.appGeneration === generation) this.retiredGeneration = retiredBefore;
  }

  /** Sends a host → web event (kycSuccess, loanSuccess, pageResume). */
  sendEvent(event: BridgeEvent, payload: unknown = null): void {
    const named = [...this.eventListeners.values()];
    const heard = named.filter((name) => name === event).length;
    const forwarded = named.includes(null);
    const to = forwarded ? 'sent to the page' : `${heard} page listener${heard === 1 ? '' : 's'}`;
    this.note('event', `${event} → ${to}`, payload);
    for (const listener of [...this.eventListeners.keys()]) listener({ event, payload });
  }

  /**
   * Reloads the app (Reload app, Reopen, a profile switch, a scenario switch): the page that was
   * showing is retired, so its late calls (a `kickOut` with the token it still holds) are answered
   * as stale and change nothing; pending requests are cancelled because the page that asked is gone.
   */
  reload(): void {
    this.retire(this.snapshot.appGeneration);
    for (const id of [...this.waiting.keys()]) this.answer(id, { answer: 'cancel' });
    this.update({ view: { kind: 'app' }, appGeneration: this.snapshot.appGeneration + 1 });
    this.note('reload', `App page ${this.snapshot.appGeneration} loaded`);
  }

  /** An error the app's page reported (console error, uncaught error, unhandled rejection). */
  noteAppError(text: string, generation?: number): void {
    this.note('app-error', text.slice(0, 2000), undefined, generation);
  }

  /** Pages of `generation` and older are no longer answered (never un-retires a newer one). */
  private retire(generation: number): void {
    this.retiredGeneration = Math.max(this.retiredGeneration, generation);
  }

  /** Adds a row to the timeline's host notes. */
  private note(kind: HostNoteKind, text: string, detail?: unknown, generation?: number): void {
    const note: HostNote = {
      id: this.newId(),
      at: this.clock(),
      kind,
      generation: generation ?? this.snapshot.appGeneration,
      text,
      ...(detail === undefined || detail === null ? {} : { detail }),
    };
    this.update({ notes: [...this.snapshot.notes, note].slice(-this.maxCalls) });
  }

  /**
   * "Reopen" on the closed or kicked-out screen: a fresh app. After a kick-out the native user
   * signs in again (what the user does in the native app before reopening the page). The old page
   * is retired before the sign-in, so nothing it still sends meets the new token.
   */
  async reopen(): Promise<void> {
    this.retire(this.snapshot.appGeneration);
    if (this.snapshot.view.kind === 'kicked-out') this.markSignedIn(true);
    if (this.snapshot.settings.signedIn) await this.guard(() => this.signIn());
    this.reload();
  }

  /**
   * The panel's "Signed in" follows what the native app did: a kick-out logs its user out (so
   * Reload app then loads a signed-out app, and the box says so) and a native login signs in.
   */
  private markSignedIn(signedIn: boolean): void {
    if (this.snapshot.settings.signedIn === signedIn) return;
    this.update({ settings: { ...this.snapshot.settings, signedIn } });
  }

  /** Shows a native surface for something that happened outside a bridge call (window.open). */
  showSurface(method: BridgeMethod, title: string, detail: string): void {
    this.context.show(method, title, detail);
  }

  dismissSurface(id: string): void {
    this.update({ surfaces: this.snapshot.surfaces.filter((s) => s.id !== id) });
  }

  /** The phone's Date follows its world's clock (set from the workbench; null = real time). */
  setPhoneClock(clock: PhoneClock | null): void {
    this.update({ clock });
  }

  clearCalls(): void {
    this.update({ calls: [] });
  }

  /**
   * Takes back the logs a reloaded panel kept (the harness's F5 keeps the phone's world, and
   * with it what the tester has seen so far); newer rows stay after them.
   */
  restoreLogs(calls: readonly CallLogEntry[], notes: readonly HostNote[]): void {
    this.update({
      calls: uniqueIds([...calls, ...this.snapshot.calls]).slice(-this.maxCalls),
      notes: uniqueIds([...notes, ...this.snapshot.notes]).slice(-this.maxCalls),
    });
  }

  /** Clears the timeline's host side: the call log and the notes. */
  clearTimeline(): void {
    this.update({ calls: [], notes: [] });
  }

  /** The call log as pretty JSON (for the panel's export). */
  exportCalls(): string {
    return JSON.stringify(this.snapshot.calls, null, 2);
  }

  private readonly context: HandlerContext = {
    snapshot: () => this.snapshot,
    show: (method, title, detail) => {
      const surface = { id: this.newId(), method, title, detail, at: this.clock() };
      this.update({ surfaces: [...this.snapshot.surfaces, surface].slice(-MAX_SURFACES) });
    },
    ask: (method, params) => this.ask(method, params),
    setView: (view: HostView) => this.update({ view }),
    signIn: async () => {
      await this.signIn();
      this.markSignedIn(true);
    },
    signOut: () => {
      this.signOut();
      this.markSignedIn(false);
    },
    backend: (method, params) => this.admin.hostAction(method, this.snapshot.tokenValue, params),
  };

  private ask(method: InteractiveMethod, params: unknown): Promise<Decision> {
    const auto = this.snapshot.settings.autoAnswer[method];
    if (auto !== 'ask') return Promise.resolve({ answer: auto });
    const id = this.newId();
    return new Promise<Decision>((resolve) => {
      this.waiting.set(id, resolve);
      this.update({
        pending: [...this.snapshot.pending, { id, method, params, at: this.clock() }],
      });
    });
  }

  private async signIn(): Promise<void> {
    const msisdn = this.snapshot.settings.msisdn || undefined;
    const tokenValue = await this.admin.sessionToken(msisdn);
    this.update({ tokenValue });
  }

  private signOut(): void {
    this.update({ tokenValue: '' });
  }

  private pushCall(entry: CallLogEntry): void {
    this.update({ calls: [...this.snapshot.calls, entry].slice(-this.maxCalls) });
  }

  private finishCall(id: string, result: BridgeResult): void {
    const now = this.clock();
    this.update({
      calls: this.snapshot.calls.map((c) =>
        c.id === id ? { ...c, result, durationMs: now - c.at } : c,
      ),
    });
  }

  /** Runs a host operation, keeping its error for the panel instead of throwing. */
  private async guard(operation: () => Promise<void>): Promise<void> {
    try {
      await operation();
      if (this.snapshot.error) this.update({ error: null });
    } catch (error) {
      this.update({ error: errorMessage(error) });
    }
  }

  private update(patch: Partial<HostSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}
