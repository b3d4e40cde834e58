/**
 * The mock server's scenario domain: `createMockDomain` answers every decrypted product call
 * from the state of the selected scenario (DESIGN.md §6). The HTTP layer owns transport, admin
 * routes and faults; this module owns the behaviour.
 */
import { randomUUID } from 'node:crypto';
import type { ProductAnswer } from '@shared/api/endpoints';
import { ServerCode } from '@shared/codes';
import { addToken, enforceAccountLimits } from './accountLimits';
import { ScenarioCatalog } from './catalog';
import { fail } from './context';
import { callerOf, dispatch } from './dispatch';
import { runHostAction } from './hostActions';
import { walletPayment as walletPaymentOf } from './orders';
import { loadReference, type ReferenceData } from './loader';
import { deserialiseState, serialiseState } from './snapshot';
import { createState, type DomainState, type Session } from './state';
import { followClock } from './timeline';
import { type ApiCall, type MockDomain, type MockDomainOptions, SnapshotError } from './types';

/** The scenario a domain starts with when none is given. */
const DEFAULT_SCENARIO = 'new-user';

let fixtures: { catalog: ScenarioCatalog; ref: ReferenceData } | undefined;
/** Fixtures are parsed once per process; state is per domain. */
function loadFixtures() {
  fixtures ??= { catalog: new ScenarioCatalog(), ref: loadReference() };
  return fixtures;
}

/**
 * A fresh domain on `options.scenario` (default `new-user`); throws only for an unknown scenario
 * name or broken fixtures (developer errors). `handle` never throws: bad input gets a product
 * code (400 invalid data, 404 unknown path, 9000000–9000004 session codes, 500 as a last resort).
 */
export function createMockDomain(options: MockDomainOptions = {}): MockDomain {
  const { ref } = loadFixtures();
  // The server's catalog holds its recordings too (mock-server/recording).
  const scenarios = options.catalog ?? loadFixtures().catalog;
  const now = options.now ?? Date.now;
  const nowSec = () => Math.floor(now() / 1000);
  const template = scenarios.get(DEFAULT_SCENARIO);
  if (!template) throw new Error(`The ${DEFAULT_SCENARIO} scenario is missing from fixtures`);
  const scenarioOf = (name: string) => {
    const scenario = scenarios.get(name);
    if (!scenario) {
      throw new Error(`Unknown scenario "${name}"; known: ${scenarios.names().join(', ')}`);
    }
    return scenario;
  };
  let state: DomainState = createState(
    scenarioOf(options.scenario ?? DEFAULT_SCENARIO),
    nowSec(),
    template,
  );

  const issueToken = (accountKey: string) => {
    const token = `tk_${randomUUID().replaceAll('-', '')}`;
    for (const ended of addToken(state, token, accountKey, nowSec())) {
      options.onTokenEnded?.(ended);
    }
    return token;
  };
  /** The account key of a scenario user (`msisdn` with or without 0 or area code; default the first). */
  const accountKeyOfUser = (msisdn: string | undefined): string | undefined => {
    const main = state.scenario.users[0]!;
    const wanted = (msisdn ?? main.msisdn).replace(/^\+/, '');
    return [...state.accounts.keys()].find((k) => {
      const [areaCode = '', number = ''] = k.split(':');
      return [number, `0${number}`, `${areaCode}${number}`].includes(wanted);
    });
  };

  const handle = async (call: ApiCall): Promise<ProductAnswer> => {
    try {
      const at = nowSec();
      followClock(state, at);
      return dispatch({ state, ref, call, nowSec: at, template, issueToken });
    } catch (error) {
      // dispatch guards its handlers; this only catches a malformed call object itself.
      return fail(ServerCode.INTERNAL, `Mock server error: ${String(error)}`);
    }
  };

  /**
   * A wallet pays with the token the host holds, checked as every product call checks it; an
   * order of another borrower is as unknown to it as one that does not exist (DESIGN.md §6
   * "Ownership and money": an order belongs to its user).
   */
  const walletPayment = (
    token: string,
    payment: { orderNo: string; amount: number },
  ): ProductAnswer => {
    const at = nowSec();
    followClock(state, at);
    const caller = callerOf(state, token, at);
    if ('code' in caller) return caller;
    if (state.orders.get(payment.orderNo)?.accountKey !== caller.accountKey) {
      return fail(ServerCode.NOT_FOUND, `No repay order ${payment.orderNo}`);
    }
    return walletPaymentOf(state, at, payment);
  };

  return {
    handle,
    hostAction: (method, token, params) =>
      runHostAction({ handle, walletPayment }, method, token, params),
    listScenarios: () => scenarios.list(),
    currentScenario: () => state.scenario.name,
    clockAnchor: () => state.scenario.replay?.clockAnchor ?? null,
    selectScenario(name) {
      const scenario = scenarios.get(name);
      if (!scenario) return false;
      state = createState(scenario, nowSec(), template);
      return true;
    },
    reset() {
      state = createState(state.scenario, nowSec(), template);
    },
    exportState: () => serialiseState(state),
    importState(name, raw) {
      const scenario = scenarios.get(name);
      if (!scenario) throw new SnapshotError(`Unknown scenario "${name}"`);
      const restored = deserialiseState(scenario, raw);
      enforceAccountLimits(restored, nowSec());
      state = restored;
    },
    issueSessionToken(msisdn) {
      const key = accountKeyOfUser(msisdn);
      return key ? issueToken(key) : null;
    },
    signedInToken(msisdn) {
      const key = accountKeyOfUser(msisdn);
      if (!key) return null;
      let last: [string, Session] | undefined;
      for (const entry of state.sessions) {
        const [, session] = entry;
        if (session.accountKey !== key || !session.active) continue;
        // Issue order breaks ties: the newest of the never-used, the latest used of the rest.
        if (!last || (session.lastUsed ?? -1) >= (last[1].lastUsed ?? -1)) last = entry;
      }
      return last ? last[0] : issueToken(key);
    },
  };
}
