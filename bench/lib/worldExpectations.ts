/**
 * What each world of the worlds bench must answer, built from the scenario fixtures themselves
 * (fixtures/scenarios, resolved and validated by the mock's loader; DESIGN.md §6 table): the
 * scenario user to log in as, and a fingerprint of `user/userInfo`, `loan/loanInfo` and
 * `user/unread` — the fields that tell scenarios apart (KYC state, phone and name, lastAmount and
 * the loan figures, the unread list, a forced answer code). An answer that matches another
 * scenario's fingerprint but not its own world's came from another world.
 */
import { loadScenarios } from '../../mock-server/domain/loader';
import type { Scenario } from '@shared/scenario';

/** The three read-only calls a worlds-bench client cycles through. */
export const WORLD_CALLS = ['userInfo', 'loanInfo', 'unread'] as const;
export type WorldCall = (typeof WORLD_CALLS)[number];

/** A product answer as the ApiClient hands it back. */
export interface Answer {
  code: number;
  data: unknown;
}

export interface WorldExpectation {
  scenario: string;
  /** The scenario's user and SMS code, for `login`. */
  login: { areaCode: string; msisdn: string; code: string };
  /** Fingerprint of each call's answer in this scenario. */
  answers: Record<WorldCall, string>;
}

type Fields = Record<string, unknown>;

const pick = (data: unknown, keys: readonly string[]): string => {
  const record = (data ?? {}) as Fields;
  return keys.map((k) => `${k}=${JSON.stringify(record[k])}`).join(' ');
};

const USER_KEYS = ['areaCode', 'msisdn', 'userId', 'lastName', 'gender', 'state'] as const;
// dueDay and dueTime follow the clock; these do not.
const LOAN_KEYS = ['lastAmount', 'creditAmount', 'state', 'type', 'loanAmount', 'dueAmount'];

/** The fingerprint of an answer to `call` (what tells scenarios apart, nothing per session). */
function fingerprintOf(call: WorldCall, answer: Answer): string {
  if (answer.code !== 200) return `code ${answer.code}`;
  switch (call) {
    case 'userInfo':
      return pick(answer.data, USER_KEYS);
    case 'loanInfo':
      return pick(answer.data, LOAN_KEYS);
    case 'unread':
      return Array.isArray(answer.data) ? [...answer.data].sort().join(',') : 'not a list';
  }
}

/** What the mock answers in `scenario` at load (its fixture data, its forced codes). */
function expectationOf(scenario: Scenario): WorldExpectation {
  const user = scenario.users[0] as Scenario['users'][number];
  const answer = (call: WorldCall, path: string, data: unknown): string => {
    const forced = scenario.forced[path];
    return fingerprintOf(call, forced ? { code: forced.code, data: null } : { code: 200, data });
  };
  return {
    scenario: scenario.name,
    login: { areaCode: user.areaCode, msisdn: user.msisdn, code: user.smsCode },
    answers: {
      userInfo: answer('userInfo', 'user/userInfo', { ...user, state: user.kycState }),
      loanInfo: answer('loanInfo', 'loan/loanInfo', scenario.loanInfo),
      unread: answer('unread', 'user/unread', scenario.unread),
    },
  };
}

/** Every scenario's expectation, by name; throws when two scenarios cannot be told apart. */
export function worldExpectations(): Map<string, WorldExpectation> {
  const table = new Map<string, WorldExpectation>();
  const seen = new Map<string, string>();
  for (const scenario of loadScenarios().values()) {
    const expectation = expectationOf(scenario);
    const whole = WORLD_CALLS.map((c) => expectation.answers[c]).join(' | ');
    const twin = seen.get(whole);
    if (twin) throw new Error(`Scenarios ${twin} and ${scenario.name} answer alike`);
    seen.set(whole, scenario.name);
    table.set(scenario.name, expectation);
  }
  return table;
}

/** How an answer relates to its world: its own, another world's, or no world's. */
export type Verdict = 'own' | 'other-world' | 'unexpected';

export function judge(
  table: ReadonlyMap<string, WorldExpectation>,
  own: WorldExpectation,
  call: WorldCall,
  answer: Answer,
): Verdict {
  const print = fingerprintOf(call, answer);
  if (print === own.answers[call]) return 'own';
  for (const other of table.values()) if (other.answers[call] === print) return 'other-world';
  return 'unexpected';
}
