/**
 * One world's link to its upstream (src/shared/upstream.ts). Toward the app the mock stays the
 * Signal server (its own identity, which the app pins; the app's handshake is never forwarded).
 * Toward the upstream it is a Signal client — the SPA's own ApiClient (src/shared/transport), one
 * per phone with a device id of its own — so each call is decrypted, sent again upstream with a
 * fresh `rid` and `ts` (the client learns the upstream's clock offset from a 4081's `serverTime`
 * and heals a 4011 with one handshake, DESIGN.md §5), and the answer decrypted, checked against
 * the contract and handed back to be encrypted for the app.
 *
 * The upstream's identity is pinned on first use, per host. A handshake presenting another one
 * stops the link (`identity-changed`): nothing is relayed, and the app is told why, until someone
 * trusts the new identity. A relay never throws: a failure comes back as an UpstreamFailure.
 */
import { randomBytes } from 'node:crypto';
import { type ApiHost, endpointByPath, type ProductAnswer } from '@shared/api/endpoints';
import type { UserBaseInfo } from '@shared/envelope';
import { errorMessage } from '@shared/errors';
import { ApiClient } from '@shared/transport/client';
import type {
  Breach,
  ContractReport,
  UpstreamFailure,
  UpstreamMark,
  UpstreamStatus,
} from '@shared/upstream';
import { contractBreaches } from './contract';
import { ContractLedger } from './contractLedger';
import type { UpstreamBases } from './upstreamUrl';
import type { ApiCall } from '../domain/types';

/** The upstream's answer, or why there is none (src/shared/upstream.ts UpstreamFailure). */
export type Relayed =
  | { ok: true; answer: ProductAnswer; mark: UpstreamMark }
  | { ok: false; failure: UpstreamFailure; mark: UpstreamMark };

export interface UpstreamLinkOptions {
  /** The upstream as shown (an origin or an app-config.json URL). */
  label: string;
  bases: UpstreamBases;
  fetch?: typeof fetch;
  /**
   * How long the upstream may take per call: less than the app's own 10 s, so the app hears why
   * instead of timing out.
   */
  timeoutMs?: number;
  /** Told of each breach the first time it is seen on its path (`--check-contract` prints it). */
  onBreach?(host: ApiHost, path: string, breach: Breach): void;
  /** Told when the state changes (ready, failing, identity-changed). */
  onStatus?(status: UpstreamStatus): void;
}

const DEFAULT_TIMEOUT_MS = 8_000;
/** Phones with an upstream session at once; the least recently used gives its place. */
const MAX_PHONES = 100;

/** The upstream presented another identity than the one pinned on first use. */
class IdentityChangedError extends Error {}

interface Phone {
  client: ApiClient;
  /** The relay's device id toward the upstream for this phone. */
  deviceId: string;
  /** What the phone's call in flight sends (a phone sends one token at a time). */
  current: { token: string; userBaseInfo: UserBaseInfo };
}

const short = (key: string) => `${key.slice(0, 10)}…`;

export class UpstreamLink {
  private readonly phones = new Map<string, Phone>();
  private readonly pinned = new Map<ApiHost, string>();
  private readonly ledger = new ContractLedger();
  private state: Exclude<UpstreamStatus['state'], 'off'> = 'ready';
  private presented: { host: ApiHost; key: string } | undefined;
  private lastFailure = '';
  private calls = 0;

  constructor(private readonly options: UpstreamLinkOptions) {}

  get label(): string {
    return this.options.label;
  }

  status(): UpstreamStatus {
    const identityKey = this.pinned.get('main') ?? this.pinned.values().next().value ?? null;
    return {
      url: this.options.label,
      state: this.state,
      identityKey,
      ...(this.presented ? { presentedKey: this.presented.key } : {}),
      message: this.message(),
      calls: this.calls,
      phones: this.phones.size,
    };
  }

  report(): ContractReport {
    return this.ledger.report(this.options.label);
  }

  /** Pins the identity the upstream presents now (a key rotation someone has checked). */
  trust(): UpstreamStatus {
    if (this.presented) this.pinned.set(this.presented.host, this.presented.key);
    this.presented = undefined;
    this.setState('ready');
    return this.status();
  }

  /** Relays one call; never throws. */
  async relay(call: ApiCall): Promise<Relayed> {
    const started = Date.now();
    const phone = this.phoneOf(call);
    const mark = (breaches: Breach[]): UpstreamMark => ({
      url: this.options.label,
      deviceId: phone.deviceId,
      ms: Date.now() - started,
      breaches,
    });
    if (this.state === 'identity-changed') {
      return { ok: false, failure: this.refusal(), mark: mark([]) };
    }
    phone.current = {
      token: call.token ?? '',
      userBaseInfo: { ...call.userBaseInfo, deviceId: phone.deviceId },
    };
    let answer: ProductAnswer;
    try {
      answer = await phone.client.relay(call.host, call.path, call.data);
    } catch (error) {
      if (error instanceof IdentityChangedError) {
        return { ok: false, failure: this.refusal(), mark: mark([]) };
      }
      this.lastFailure = errorMessage(error);
      this.setState('failing');
      return {
        ok: false,
        failure: { upstream: 'failing', message: this.message() },
        mark: mark([]),
      };
    }
    this.calls += 1;
    if (this.state === 'failing') this.setState('ready');
    const def = endpointByPath.get(call.path);
    const breaches = def ? contractBreaches(def, answer) : [];
    for (const breach of this.ledger.add(call.host, call.path, breaches)) {
      this.options.onBreach?.(call.host, call.path, breach);
    }
    return { ok: true, answer, mark: mark(breaches) };
  }

  private refusal(): UpstreamFailure {
    return { upstream: 'identity-changed', message: this.message() };
  }

  private message(): string {
    const label = this.options.label;
    switch (this.state) {
      case 'ready':
        return `Relaying to ${label}`;
      case 'failing':
        return `The upstream ${label} gave no answer: ${this.lastFailure}`;
      case 'identity-changed': {
        const was = this.presented ? this.pinned.get(this.presented.host) : undefined;
        const change =
          this.presented && was ? ` (pinned ${short(was)}, now ${short(this.presented.key)})` : '';
        return `The upstream identity changed${change}: upstream mode stopped, nothing is relayed. If ${label} rotated its keys on purpose, trust the new identity (panel: Trust new identity; POST /__admin/upstream/trust).`;
      }
    }
  }

  private setState(state: Exclude<UpstreamStatus['state'], 'off'>): void {
    const changed = state !== this.state;
    this.state = state;
    if (changed || state === 'failing') this.options.onStatus?.(this.status());
  }

  /** Pins the first identity of each host; any other one stops the link. */
  private checkIdentity(host: ApiHost, key: string): void {
    const pinned = this.pinned.get(host);
    if (pinned === undefined) {
      this.pinned.set(host, key);
      return;
    }
    if (pinned === key) return;
    this.presented = { host, key };
    this.setState('identity-changed');
    throw new IdentityChangedError(this.message());
  }

  private phoneOf(call: ApiCall): Phone {
    const key = call.deviceId || call.userBaseInfo.deviceId;
    const known = this.phones.get(key);
    if (known) {
      // Map order is least recently used first.
      this.phones.delete(key);
      this.phones.set(key, known);
      return known;
    }
    const deviceId = `relay-${randomBytes(6).toString('hex')}-h5`;
    const phone: Phone = {
      deviceId,
      current: { token: '', userBaseInfo: { ...call.userBaseInfo, deviceId } },
      client: new ApiClient({
        apiBase: this.options.bases,
        baseInfo: () => phone.current.userBaseInfo,
        token: () => phone.current.token,
        timeoutMs: this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        checkServerIdentity: (host, identityKey) => this.checkIdentity(host, identityKey),
        ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
      }),
    };
    this.phones.set(key, phone);
    if (this.phones.size > MAX_PHONES)
      this.phones.delete(this.phones.keys().next().value as string);
    return phone;
  }
}
