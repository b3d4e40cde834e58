/**
 * The seam between the mock server's HTTP/crypto layer (mock-server/app.ts, transport) and its
 * stateful scenario domain (mock-server/domain). The HTTP layer decrypts, validates the envelope
 * and hands a call here; the domain answers `{code, message, data}` from the current scenario.
 */
import type { ApiHost, ProductAnswer } from '@shared/api/endpoints';
import type { UserBaseInfo } from '@shared/envelope';
import type { HostAction } from '@shared/simWorld';
import type { ScenarioCatalog } from './catalog';

/** One product call, after transport decryption (or plain parsing). */
export interface ApiCall {
  host: ApiHost;
  /** Endpoint path without host prefix or `?hk`, e.g. `user/userInfo`. */
  path: string;
  /** The `data` of the request, not yet validated against the endpoint schema. */
  data: unknown;
  userBaseInfo: UserBaseInfo;
  /** `token` header, if any. */
  token: string | undefined;
  /** `deviceId` header, if any. */
  deviceId: string | undefined;
}

interface ScenarioSummary {
  name: string;
  title: string;
  description: string;
}

/** The stateful scenario engine. Never throws on bad input: answers a product code instead. */
export interface MockDomain {
  /** Answers one product call from the current scenario's state. */
  handle(call: ApiCall): Promise<ProductAnswer>;
  listScenarios(): ScenarioSummary[];
  currentScenario(): string;
  /**
   * Where a recorded scenario's clock starts (epoch ms, src/shared/recording.ts `clockAnchor`), so
   * its dates read as they did; null for any other scenario.
   */
  clockAnchor(): number | null;
  /** Resets all state to the named scenario; false when the name is unknown. */
  selectScenario(name: string): boolean;
  /** Resets all state to the current scenario. */
  reset(): void;
  /**
   * A token for a scenario user as a native host holds it after native login
   * (`POST /__admin/session-token`). `null` when no such user exists; throws TokenLimitError
   * (domain/accountLimits.ts) when the user's recently used tokens leave no room.
   */
  issueSessionToken(msisdn?: string): string | null;
  /**
   * The user's signed-in session as the world holds it: the token last used for a call (or
   * issued, when none was used), else a new one as `issueSessionToken` makes it. Calls run for
   * QA (`POST /__admin/call`) use it, so running them never ends a phone's session.
   */
  signedInToken(msisdn?: string): string | null;
  /** The whole state as JSON (a world snapshot, src/shared/workbench.ts). */
  exportState(): unknown;
  /**
   * Replaces the state with an exported one on the named scenario. Throws SnapshotError (with a
   * message for QA) when the scenario is unknown or the state malformed; the state is then kept.
   */
  importState(scenario: string, state: unknown): void;
  /** A native host's own backend call (`POST /__admin/host/:method`), with the host's token. */
  hostAction(method: HostAction, token: string, params: unknown): Promise<ProductAnswer>;
}

/** A token ended to make room for a newer one of its account (domain/accountLimits.ts). */
export interface EndedToken {
  token: string;
  accountKey: string;
  /** Unix seconds of its last use (world clock); undefined: never used since it was issued. */
  lastUsed: number | undefined;
  /** Tokens the account held, the new one included. */
  held: number;
}

export interface MockDomainOptions {
  /** Scenario to start with; default `new-user`. */
  scenario?: string;
  /** Milliseconds since epoch; injectable so tests and QA can move time. */
  now?: () => number;
  /** The scenarios it may select: the server's, with its recordings (default: the fixtures'). */
  catalog?: ScenarioCatalog;
  /** Told of each token ended to make room for a newer one (the world's traffic log says so). */
  onTokenEnded?: (ended: EndedToken) => void;
}

/** A snapshot the domain cannot take over; the message says why. */
export class SnapshotError extends Error {}
