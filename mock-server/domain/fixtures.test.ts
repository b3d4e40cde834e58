import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  certItemSchema,
  eventDateSchema,
  kycItemTypeSchema,
  repayChannelSchema,
} from '@shared/api/entities';
import {
  EVENT_WINDOWS,
  PH_REPAY_CHANNELS,
  type RepayChannelKey,
  repayFeeOf,
  repayLimitOf,
  TW_REPAY_CHANNELS,
} from '@shared/constants';
import { scenarioFileSchema } from '@shared/scenario';
import { z } from '@shared/zod';
import { scenarioFiles } from './fixtures';
import { loadReference, loadScenarios } from './loader';

const root = new URL('../../fixtures/', import.meta.url);
const readJson = (path: string): unknown => JSON.parse(readFileSync(new URL(path, root), 'utf8'));
const scenarioFileNames = readdirSync(new URL('scenarios/', root)).filter((f) =>
  f.endsWith('.json'),
);

/** Scenario names of DESIGN.md §6: a contract. */
const REQUIRED = [
  'new-user',
  'kyc-review',
  'kyc-failed',
  'kyc-rejected',
  'kyc-fill-info',
  'kyc-expired',
  'can-borrow',
  'low-credit',
  'releasing',
  'release-failed',
  'repaying',
  'overdue',
  'many-bills',
  'unread-all',
  'taiwan',
  'session-expired',
];

describe('scenario files', () => {
  it.each(scenarioFileNames)(
    '%s parses with the shared schema and is named after its file',
    (f) => {
      const file = scenarioFileSchema.parse(readJson(`scenarios/${f}`));
      expect(`${file.name}.json`).toBe(f);
      expect(file.description.length).toBeGreaterThan(40);
    },
  );

  it('all are registered and every required scenario exists', () => {
    const registered = scenarioFiles.map((f) => (f as { name: string }).name).sort();
    expect(registered).toEqual(scenarioFileNames.map((f) => f.replace(/\.json$/, '')).sort());
    expect([...loadScenarios().keys()].sort()).toEqual([...REQUIRED].sort());
  });

  it('resolves extends and refuses unknown parents, cycles and incomplete roots', () => {
    const root = readJson('scenarios/new-user.json') as Record<string, unknown>;
    const child = { name: 'child', title: 'Child', description: 'd', extends: 'new-user' };
    const resolved = loadScenarios([root, child]).get('child');
    expect(resolved?.users[0]?.lastName).toBe('Santos');
    expect(() => loadScenarios([root, { ...child, extends: 'nope' }])).toThrow(/unknown scenario/);
    expect(() =>
      loadScenarios([
        { ...child, name: 'a', extends: 'b' },
        { ...child, name: 'b', extends: 'a' },
      ]),
    ).toThrow(/cycle/);
    const unreadWithoutMessage = { ...child, name: 'y', unread: ['Message'] };
    expect(() => loadScenarios([root, unreadWithoutMessage])).toThrow(/Message/);
    const { loans: _, ...incomplete } = root;
    expect(() => loadScenarios([{ ...incomplete, name: 'x' }])).toThrow();
    expect(() => loadScenarios([{ ...root, extra: 1 }])).toThrow();
  });
});

describe.each([...loadScenarios().values()])('scenario $name data agrees with itself', (s) => {
  const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 100) / 100;

  it('plan rows are the open installments of its loans', () => {
    const open = s.loans.flatMap((l) =>
      l.periods
        .filter((p) => p.periodId !== undefined)
        .map((p) => ({
          periodId: p.periodId,
          orderNo: l.orderNo,
          period: p.period,
          type: p.type,
          amount: p.repaymentAmount,
        })),
    );
    const rows = s.plan.map((p) => ({
      periodId: p.periodId,
      orderNo: p.orderNo,
      period: p.period,
      type: p.type,
      amount: p.repayAmount,
    }));
    expect(rows).toEqual(open);
    expect(new Set(rows.map((r) => r.periodId)).size).toBe(rows.length);
    for (const loan of s.loans) {
      const unpaid = loan.periods.filter((p) => p.type !== 4);
      // Only a loan still being released (or failed) has unpaid installments without plan rows.
      if (![2, 5].includes(loan.state)) expect(unpaid.every((p) => p.periodId)).toBe(true);
      expect(loan.paidAmount).toBeCloseTo(
        sum(loan.periods.filter((p) => p.type === 4).map((p) => p.repaymentAmount)),
        2,
      );
      expect(loan.type === 4).toBe(unpaid.length === 0);
    }
  });

  it('loanInfo.dueAmount is the plan total; order numbers are unique', () => {
    expect(s.loanInfo.dueAmount).toBeCloseTo(sum(s.plan.map((p) => p.repayAmount)), 2);
    expect(new Set(s.loans.map((l) => l.orderNo)).size).toBe(s.loans.length);
    expect(s.loanInfo.lastAmount).toBeLessThanOrEqual(s.loanInfo.creditAmount);
  });

  it("loanInfo's due date, day count and type are the earliest plan row's (Home = Bill)", () => {
    const earliest = [...s.plan].sort((a, b) => a.dueInDays - b.dueInDays)[0];
    if (!earliest) return;
    expect(s.loanInfo).toMatchObject({
      dueInDays: earliest.dueInDays,
      dueDay: Math.abs(earliest.dueInDays),
      type: earliest.type === 3 ? 2 : 1,
    });
  });
});

describe('reference data', () => {
  const channels = readJson('reference/repay-channels.json') as { ph: unknown[]; tw: unknown[] };

  it('parses with the entity schemas', () => {
    expect(() => loadReference()).not.toThrow();
    for (const c of [...channels.ph, ...channels.tw])
      z.strictObject(repayChannelSchema.shape).parse(c);
  });

  it('has every channel of PRODUCT.md §9 with limits and fees agreeing with constants', () => {
    const { ph, tw } = loadReference().repayChannels;
    expect(ph.map((c) => c.key)).toEqual([...PH_REPAY_CHANNELS]);
    expect(tw.map((c) => c.key)).toEqual([...TW_REPAY_CHANNELS]);
    for (const c of [...ph, ...tw]) {
      const key = c.key as RepayChannelKey;
      expect(c.repayLimit, c.key).toBe(repayLimitOf(key));
      expect(c.fee ?? 0, c.key).toBe(repayFeeOf(key));
      expect(c.information.map((i) => i.label)).toEqual(['Biller', 'Payment Method']);
      expect(c.stepList.length).toBeGreaterThan(1);
    }
    const byKey = new Map(ph.map((c) => [c.key, c]));
    expect(byKey.get('SEVEN_ELEVEN')).toMatchObject({ label: '7-ELEVEN', repayLimit: 10000 });
    expect(byKey.get('LBC')).toMatchObject({ label: 'LBC Express', repayLimit: 25000 });
    expect(byKey.get('SHOPEE')?.fee).toBe(30);
    const palawan = byKey.get('PALAWAN');
    expect(palawan?.stepTitles?.length).toBe(2);
    expect(palawan?.stepList2?.length).toBeGreaterThan(0);
    expect(palawan?.stepNotice2).toBeTruthy();
    const maya = byKey.get('MAYA_WEBPAY');
    expect(maya?.repayLimit).toBeNull();
    expect(maya?.studyUrl).toBe('/repay/ph/studyPage');
    expect(maya?.tips?.join(' ')).toMatch(/08 or 09/);
    expect(tw[0]?.label).toBe('FastPay');
  });

  it('certification config covers steps 1–6 and every KYC item type', () => {
    const certList = (readJson('reference/certification-config.json') as unknown[]).map((c) =>
      z.strictObject(certItemSchema.shape).parse(c),
    );
    expect(new Set(certList.map((c) => c.step))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    expect(new Set(certList.map((c) => c.type))).toEqual(new Set(kycItemTypeSchema.options));
    expect(new Set(certList.map((c) => c.certification)).size).toBe(certList.length);
  });

  it('event dates hold the windows of PRODUCT.md §9 and every event page of §2', () => {
    const events = (readJson('reference/event-dates.json') as unknown[]).map((e) =>
      eventDateSchema.parse(e),
    );
    for (const [key, window] of Object.entries(EVENT_WINDOWS)) {
      expect(events.find((e) => e.key === key)).toEqual({ key, ...window });
    }
    const pages = [
      'benefits_newuser',
      'cash_for_newuser_150',
      'christmas_lucky_draw',
      'coupon_for_holiday_shopping',
      'invite_channel',
      'invite_earn_cash',
      'invite_friend',
      'long_weekend_promo',
    ];
    expect(events.map((e) => e.key).sort()).toEqual(pages);
    for (const e of events) expect(Date.parse(e.startAt)).toBeLessThan(Date.parse(e.endAt));
  });
});
