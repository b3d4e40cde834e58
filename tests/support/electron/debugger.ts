/**
 * `webContents.debugger` (docs/api/debugger.md; electron/electron
 * shell/browser/api/electron_api_debugger.cc and spec/api-debugger-spec.ts, which this copies):
 * - `attach()` throws a TypeError "Debugger is already attached to the target" when this debugger
 *   is attached, or "Requested protocol version is not supported"; it succeeds while DevTools are
 *   open (spec: "succeeds when devtools is already open");
 * - opening DevTools does not detach it: commands keep their answers (spec: "returns response
 *   when devtools is opened"). The docs' "or devtools is invoked" predates Chromium's
 *   multi-client DevTools (Electron's Attach stopped refusing a second client in 2018);
 * - every detach — `detach()`, or the page going away (`AgentHostClosed`) — emits `detach` with
 *   the one reason Electron has, "target closed", rejects the commands still waiting with
 *   "target closed while handling command" (`ClearPendingRequests`) and ends the session's
 *   overrides (spec: "clears device metrics overrides left behind by the session");
 * - `sendCommand` while detached rejects "No target available"; an unknown method rejects
 *   "'X' wasn't found" (spec: "returns error message when command fails"); answers come back
 *   asynchronously, over the agent host.
 */
import { NativeEmitter } from './nativeEmitter';

/** What one protocol session keeps in the page: gone with the session. */
export interface SessionOverrides {
  metrics?: Record<string, unknown>;
  insets?: Record<string, number>;
  userAgent?: string;
  touch?: Record<string, unknown>;
  offline?: boolean;
  timezone?: string;
  /** Scripts run first in every new document, by identifier. */
  scripts: Map<string, string>;
}

/**
 * The protocol methods main sends. Chromium knows many more; a method outside this list is one
 * main started sending without this fake (and the CDP replay spec) knowing it.
 */
const KNOWN_METHODS = new Set([
  'Emulation.setDeviceMetricsOverride',
  'Emulation.setSafeAreaInsetsOverride',
  'Emulation.setTouchEmulationEnabled',
  'Emulation.setUserAgentOverride',
  'Emulation.setTimezoneOverride',
  'Network.enable',
  'Network.emulateNetworkConditions',
  'Page.enable',
  'Page.addScriptToEvaluateOnNewDocument',
  'Page.removeScriptToEvaluateOnNewDocument',
  'Runtime.evaluate',
]);

/** Chromium's DevToolsAgentHost::IsSupportedProtocolVersion: 1.0 to 1.3. */
const SUPPORTED_VERSIONS = new Set(['1.0', '1.1', '1.2', '1.3']);

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export class FakeDebugger extends NativeEmitter {
  private attachedNow = false;
  /** Every command main sent, in order, with the session it went to (1 = first attach). */
  readonly commands: { session: number; method: string; params: Record<string, unknown> }[] = [];
  overrides: SessionOverrides = { scripts: new Map() };
  /** Expressions `Runtime.evaluate` ran in the live page. */
  readonly evaluated: string[] = [];
  private session = 0;
  private nextScript = 0;
  private readonly pending = new Set<Pending>();

  isAttached(): boolean {
    return this.attachedNow;
  }

  attach(protocolVersion?: string): void {
    if (this.attachedNow) throw new TypeError('Debugger is already attached to the target');
    if (protocolVersion && !SUPPORTED_VERSIONS.has(protocolVersion)) {
      throw new TypeError('Requested protocol version is not supported');
    }
    this.attachedNow = true;
    this.session += 1;
  }

  detach(): void {
    if (!this.attachedNow) return;
    this.agentHostClosed();
  }

  /** `Debugger::AgentHostClosed`: also what the page going away does. */
  agentHostClosed(): void {
    this.attachedNow = false;
    this.overrides = { scripts: new Map() };
    for (const request of this.pending) {
      request.reject(new Error('target closed while handling command'));
    }
    this.pending.clear();
    this.emitNative('detach', {}, 'target closed');
  }

  sendCommand(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    if (!this.attachedNow) return Promise.reject(new Error('No target available'));
    this.commands.push({ session: this.session, method, params });
    if (!KNOWN_METHODS.has(method)) return Promise.reject(new Error(`'${method}' wasn't found`));
    const answer = this.apply(method, params);
    return new Promise((resolve, reject) => {
      const request: Pending = { resolve, reject };
      this.pending.add(request);
      // The answer comes back over the agent host, after main's current task.
      setImmediate(() => {
        if (!this.pending.delete(request)) return;
        resolve(answer);
      });
    });
  }

  /** The commands of the current session only (what the page has now). */
  commandsOfSession(): { method: string; params: Record<string, unknown> }[] {
    return this.commands.filter((c) => c.session === this.session);
  }

  private apply(method: string, params: Record<string, unknown>): unknown {
    switch (method) {
      case 'Emulation.setDeviceMetricsOverride':
        this.overrides.metrics = params;
        return {};
      case 'Emulation.setSafeAreaInsetsOverride':
        this.overrides.insets = params.insets as Record<string, number>;
        return {};
      case 'Emulation.setTouchEmulationEnabled':
        this.overrides.touch = params;
        return {};
      case 'Emulation.setUserAgentOverride':
        this.overrides.userAgent = params.userAgent as string;
        return {};
      case 'Emulation.setTimezoneOverride':
        this.overrides.timezone = params.timezoneId as string;
        return {};
      case 'Network.emulateNetworkConditions':
        this.overrides.offline = params.offline as boolean;
        return {};
      case 'Page.addScriptToEvaluateOnNewDocument': {
        const identifier = String(++this.nextScript);
        this.overrides.scripts.set(identifier, params.source as string);
        return { identifier };
      }
      case 'Page.removeScriptToEvaluateOnNewDocument':
        this.overrides.scripts.delete(params.identifier as string);
        return {};
      case 'Runtime.evaluate':
        this.evaluated.push(params.expression as string);
        return { result: { type: 'undefined' } };
      default:
        return {};
    }
  }
}
