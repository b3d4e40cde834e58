import { describe, expect, it } from 'vitest';
import { loanInfoSchema, userSchema } from '@shared/api/entities';
import { appConfigSchema } from '@shared/appConfig';
import { bridgeResultSchema, hostBaseInfoSchema } from '@shared/bridge';
import { z } from '@shared/zod';
import {
  appConfigShape,
  bridgeResultShape,
  contactShape,
  deviceIdShape,
  hostBaseInfoShape,
  persistedConfigShape,
  persistedKycFormShape,
  persistedRepayFormShape,
  persistedUserShape,
  timestampShape,
} from './bootShapes';
import type { SafeParser } from './shape';

const user = {
  msisdn: '0912345678',
  areaCode: '886',
  userId: 'u1',
  token: 't',
  tokenValue: 'tv',
  state: 3,
  gender: 'F',
  lastName: 'Cruz',
};
const loanInfo = {
  lastAmount: 0,
  creditAmount: 5000,
  monthlyInterest: 1.5,
  state: 8,
  type: 1,
  loanAmount: 0,
  dueAmount: 0,
  dueDay: 0,
  dueTime: 1_790_000_000,
};
const certItem = {
  certification: 'name',
  step: 1,
  type: 'text',
  label: 'Name',
  required: true,
  options: [{ label: 'A', value: 'a' }],
  maxLength: 40,
  maxBytes: 1024,
};
const channel = {
  key: 'gcash',
  label: 'GCash',
  icon: 'i.png',
  logo: 'l.png',
  repayLimit: 50000,
  fee: 0,
  information: [{ label: 'Biller', value: 'DL' }],
  stepList: ['one'],
  stepNotice: 'n',
  stepTitles: ['t'],
  stepList2: ['two'],
  stepNotice2: 'n2',
  tips: ['tip'],
  studyUrl: 'https://example.test',
};

/** Each boot shape, the zod schema it mirrors, and inputs both must agree on. */
const table: [string, SafeParser<unknown>, z.ZodMiniType, unknown[]][] = [
  [
    'app-config.json',
    appConfigShape,
    appConfigSchema,
    [
      { env: 'production', apiBase: { main: 'm', channel: 'c', hk: 'h' }, sentryDsn: null },
      {
        env: 'development',
        apiBase: { main: 'm', channel: 'c', hk: 'h', extra: 1 },
        sentryDsn: 'dsn',
        puzzleCheck: true,
        other: 'dropped',
      },
      { env: 'staging', apiBase: { main: 'm', channel: 'c', hk: 'h' }, sentryDsn: null },
      { env: 'production', apiBase: { main: '', channel: 'c', hk: 'h' }, sentryDsn: null },
      { env: 'production', apiBase: { main: 'm', channel: 'c' }, sentryDsn: null },
      { env: 'production', apiBase: { main: 'm', channel: 'c', hk: 'h' }, sentryDsn: '' },
      { env: 'production', apiBase: { main: 'm', channel: 'c', hk: 'h' } },
      {
        env: 'production',
        apiBase: { main: 'm', channel: 'c', hk: 'h' },
        sentryDsn: null,
        puzzleCheck: 'yes',
      },
      null,
      [],
      'config',
    ],
  ],
  [
    'bridge result',
    bridgeResultShape,
    bridgeResultSchema,
    [
      { resultCode: 0, data: { a: 1 } },
      { resultCode: 3, message: 'failed', extra: true },
      { resultCode: 1 },
      { resultCode: 4 },
      { resultCode: '0' },
      { resultCode: 0, message: 5 },
      {},
      undefined,
    ],
  ],
  [
    'getBaseInfo data',
    hostBaseInfoShape,
    hostBaseInfoSchema,
    [
      { deviceId: 'd', system: 'android', tokenValue: '', version: '2.8.0', appName: 'lender' },
      { deviceId: 'd', system: 'ios', tokenValue: 't', version: '', appName: 'fastpay', x: 1 },
      { deviceId: '', system: 'ios', tokenValue: 't', version: '', appName: 'fastpay' },
      { deviceId: 'd', system: 'H5', tokenValue: 't', version: '', appName: 'fastpay' },
      { deviceId: 'd', system: 'ios', tokenValue: 't', version: '', appName: 'web' },
      { deviceId: 'd', system: 'ios', version: '', appName: 'lender' },
      null,
    ],
  ],
  ['device id', deviceIdShape, z.string().check(z.minLength(1)), ['abc', '', 12, null, undefined]],
  ['SMS countdown end', timestampShape, z.number(), [1_790_000_000_000, 1.5, -1, '1', NaN, null]],
  [
    'saved user',
    persistedUserShape,
    z.object({
      tokenValue: z.string(),
      user: z.nullable(userSchema),
      loanInfo: z.nullable(loanInfoSchema),
      apiHost: z.optional(z.string()),
    }),
    [
      { tokenValue: 'tv', user, loanInfo },
      { tokenValue: 'tv', user, loanInfo, apiHost: 'https://api.example/main/' },
      { tokenValue: 'tv', user, loanInfo, apiHost: 7 },
      { tokenValue: '', user: null, loanInfo: null },
      { tokenValue: 'tv', user: { ...user, state: undefined }, loanInfo: null },
      { tokenValue: 'tv', user: { ...user, areaCode: '1' }, loanInfo: null },
      { tokenValue: 'tv', user: { ...user, state: 8 }, loanInfo: null },
      { tokenValue: 'tv', user: null, loanInfo: { ...loanInfo, state: 9 } },
      { tokenValue: 'tv', user: null, loanInfo: { ...loanInfo, creditAmount: -1 } },
      { tokenValue: 'tv', user: null, loanInfo: { ...loanInfo, dueDay: 1.5 } },
      { tokenValue: 'tv', user: null },
      { user: null, loanInfo: null },
    ],
  ],
  [
    // The lists are checked by their features with the endpoint schemas (ConfigStore.restore…).
    'saved app config',
    persistedConfigShape,
    z.object({
      adddsViewed: z.array(z.int()),
      certList: z.optional(z.unknown()),
      channels: z.optional(z.unknown()),
    }),
    [
      { adddsViewed: [1, 2], certList: [certItem], channels: { ph: [channel], tw: [] } },
      { adddsViewed: [], certList: [{ ...certItem, step: 7 }], channels: 'garbled' },
      { adddsViewed: [] },
      { adddsViewed: [1.5], certList: [], channels: { ph: [], tw: [] } },
      { adddsViewed: ['1'] },
      { certList: [] },
      [],
    ],
  ],
  [
    'saved KYC form',
    persistedKycFormShape,
    z.object({
      step: z.int().check(z.gte(1), z.lte(6)),
      values: z.record(z.string(), z.string()),
    }),
    [
      { step: 1, values: {} },
      { step: 6, values: { name: 'A', contact: '{"name":"B"}' } },
      { step: 0, values: {} },
      { step: 7, values: {} },
      { step: 2.5, values: {} },
      { step: 2, values: { name: 1 } },
      { step: 2, values: [] },
      { step: 2 },
    ],
  ],
  [
    'saved repay form',
    persistedRepayFormShape,
    z.object({ repayAmount: z.number().check(z.nonnegative()), periodIds: z.array(z.string()) }),
    [
      { repayAmount: 1841.67, periodIds: ['p1', 'p2'] },
      { repayAmount: 0, periodIds: [] },
      { repayAmount: -1, periodIds: [] },
      { repayAmount: 1, periodIds: [1] },
      { repayAmount: 1 },
    ],
  ],
  [
    'KYC contact',
    contactShape,
    z.object({ name: z.string(), mobile: z.string() }),
    [{ name: 'A', mobile: '09171234567' }, { name: 'A' }, { name: 1, mobile: '' }, 'A'],
  ],
];

/** The input with one key removed or replaced by a value of another type, at every depth. */
function mutations(input: unknown): unknown[] {
  if (typeof input !== 'object' || input === null) return [];
  const out: unknown[] = [];
  for (const key of Object.keys(input)) {
    const source = input as Record<string, unknown>;
    const { [key]: value, ...rest } = source;
    out.push(rest);
    for (const wrong of [null, 'x', -1, 0.5, true, [], {}]) out.push({ ...source, [key]: wrong });
    for (const inner of mutations(value)) out.push({ ...source, [key]: inner });
  }
  return out;
}

describe('boot shapes accept and reject exactly what the zod schemas of src/shared do', () => {
  describe.each(table)('%s', (_name, shape, schema, inputs) => {
    it.each(inputs.map((input) => [input]))('%j', (input) => {
      const ours = shape.safeParse(input);
      const zods = schema.safeParse(input);
      expect(ours.success).toBe(zods.success);
      if (ours.success && zods.success) expect(ours.data).toEqual(zods.data);
    });

    it('agrees on every one-key change of the accepted inputs', () => {
      const accepted = inputs.filter((input) => schema.safeParse(input).success);
      expect(accepted.length).toBeGreaterThan(0);
      for (const input of accepted.flatMap(mutations)) {
        const ours = shape.safeParse(input);
        const zods = schema.safeParse(input);
        expect({ input, success: ours.success }).toEqual({ input, success: zods.success });
        if (ours.success && zods.success) expect(ours.data).toEqual(zods.data);
      }
    });
  });

  it('names the path and the reason of a rejection (shown on the config error page)', () => {
    const result = appConfigShape.safeParse({
      env: 'production',
      apiBase: { main: 'm', channel: 'c', hk: 3 },
      sentryDsn: null,
    });
    expect(result.success ? [] : result.error.issues).toEqual([
      { path: ['apiBase', 'hk'], message: 'expected string, got number' },
    ]);
  });

  it('keeps a "__proto__" key of a saved record as a plain key', () => {
    const result = persistedKycFormShape.safeParse(
      JSON.parse('{"step":1,"values":{"__proto__":"x"}}'),
    );
    expect(result.success && Object.getPrototypeOf(result.data.values)).toBe(Object.prototype);
    expect(result.success && Object.keys(result.data.values)).toEqual(['__proto__']);
  });
});
