/** Randomized garbage never makes the domain throw: every call answers a product code. */
import { describe, expect, it } from 'vitest';
import { type EndpointName, endpoints } from '@shared/api/endpoints';
import { createMockDomain } from './index';
import type { ApiCall } from './types';

/** Small deterministic PRNG (mulberry32) so a failure reproduces from its seed. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const names = Object.keys(endpoints) as EndpointName[];
const KEYS = [
  'pageNum',
  'pageSize',
  'type',
  'orderNo',
  'periodIds',
  'repayAmount',
  'channel',
  'borrowAmount',
  'periods',
  'code',
  'msisdn',
  'areaCode',
  'id',
  'state',
  'step',
  'items',
  'location',
  'tokenValue',
  'userCouponId',
  '__proto__',
  'constructor',
];

function garbage(next: () => number, depth = 0): unknown {
  const pick = Math.floor(next() * 12);
  switch (pick) {
    case 0:
      return null;
    case 1:
      return undefined;
    case 2:
      return Math.floor(next() * 2e6) - 1e6;
    case 3:
      return next() * 1e12;
    case 4:
      return [Number.NaN, Number.POSITIVE_INFINITY, -0, 1e308][Math.floor(next() * 4)];
    case 5:
      return ['', '1234', 'P000001', 'SEVEN_ELEVEN', '63', '9171234567', 'x'.repeat(5000)][
        Math.floor(next() * 7)
      ];
    case 6:
      return next() > 0.5;
    case 7:
      return depth > 3
        ? []
        : Array.from({ length: Math.floor(next() * 4) }, () => garbage(next, depth + 1));
    default: {
      if (depth > 3) return {};
      const obj: Record<string, unknown> = {};
      const n = Math.floor(next() * 5);
      for (let i = 0; i < n; i++)
        obj[KEYS[Math.floor(next() * KEYS.length)]!] = garbage(next, depth + 1);
      return obj;
    }
  }
}

describe('garbage input', () => {
  it.each([1, 2, 3, 4, 5])('seed %i: 400 random calls all answer {code, message}', async (seed) => {
    const next = rng(seed);
    const domain = createMockDomain({
      scenario: 'repaying',
      now: () => Date.parse('2026-11-21T00:00:00Z'),
    });
    const token = domain.issueSessionToken();
    for (let i = 0; i < 400; i++) {
      const name = names[Math.floor(next() * names.length)]!;
      const call = {
        host: (['main', 'channel', 'hk', 'nope'] as const)[Math.floor(next() * 4)],
        path: next() < 0.9 ? endpoints[name].path : garbage(next),
        data: garbage(next),
        userBaseInfo: garbage(next),
        token: next() < 0.8 ? (token ?? undefined) : (garbage(next) as string),
        deviceId: 'fuzz-h5',
      } as ApiCall;
      const answer = await domain.handle(call);
      expect(Number.isInteger(answer.code), JSON.stringify(call).slice(0, 300)).toBe(true);
      expect(typeof answer.message).toBe('string');
    }
  });

  it('a malformed call object itself is answered, not thrown', async () => {
    const domain = createMockDomain();
    for (const call of [null, undefined, 42, {}, { path: 'user/userInfo' }]) {
      const answer = await domain.handle(call as unknown as ApiCall);
      expect(answer.code).not.toBe(200);
    }
  });

  it('answers a clear 400 for invalid data and 404 for unknown paths', async () => {
    const domain = createMockDomain({ scenario: 'repaying' });
    const token = domain.issueSessionToken() ?? undefined;
    const base = {
      host: 'main' as const,
      userBaseInfo: { deviceId: 'd', system: 'H5', tokenValue: '', version: '1' },
      token,
      deviceId: 'd',
    };
    const bad = await domain.handle({
      ...base,
      path: endpoints.repayPlan.path,
      data: { pageNum: 'one' },
    });
    expect(bad.code).toBe(400);
    expect(bad.message).toMatch(/repay\/repayPlan.*pageNum/);
    const unknown = await domain.handle({ ...base, path: 'no/such', data: {} });
    expect(unknown).toMatchObject({ code: 404, message: expect.stringMatching(/no\/such/) });
  });
});

describe('edge values in well-formed requests', () => {
  const samples: Partial<Record<EndpointName, Record<string, unknown>>> = {
    calculateLoanInfo: { borrowAmount: 5000, periods: 3 },
    applyNoPayPassword: {
      borrowAmount: 5000,
      periods: 3,
      payeeId: 'P',
      payeeLabel: 'G',
      purpos: 'x',
      type: 'ez',
    },
    loanCheckByArc: { borrowAmount: 5000 },
    generatorRepayOrder: { channel: 'GCASH', repayAmount: 100, periodIds: ['P000001'] },
    repayPlan: { pageNum: 1, pageSize: 20, type: '' },
    loanList: { type: '', pageNum: 1, pageSize: 20 },
    messageList: { pageNum: 1, pageSize: 20 },
    signFastPay: { orderNo: 'RP1', amount: 1 },
    kycSave: { step: 1, items: [] },
  };
  const edges = [0.0001, 1e308, Number.MAX_SAFE_INTEGER, 2 ** 31, 1e9];

  it('huge or tiny numbers are answered quickly with a code', async () => {
    const domain = createMockDomain({ scenario: 'can-borrow' });
    const token = domain.issueSessionToken() ?? undefined;
    for (const [name, sample] of Object.entries(samples) as [
      EndpointName,
      Record<string, unknown>,
    ][]) {
      for (const key of Object.keys(sample).filter((k) => typeof sample[k] === 'number')) {
        for (const edge of edges) {
          const answer = await domain.handle({
            host: 'main',
            path: endpoints[name].path,
            data: { ...sample, [key]: edge },
            userBaseInfo: { deviceId: 'd', system: 'H5', tokenValue: '', version: '1' },
            token,
            deviceId: 'd',
          });
          expect(Number.isInteger(answer.code), `${name}.${key}=${edge}`).toBe(true);
        }
      }
    }
  });
});
