/**
 * Texts the borrower reads from the server and its fixtures write money as the SPA does
 * (PRODUCT.md §9: peso sign, 2 decimals): channel notes, messages, voucher titles, KYC options,
 * refusals and prizes. Scenario descriptions are QA's notes in the harness, not the borrower's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ServerCode } from '@shared/codes';
import { amountsWithoutCents } from '@shared/money';
import { LUCKY_DRAW_PRIZES } from './handlers/activity';
import { createMockDomain } from './index';
import { domainClient } from '@tests/support/mock-server/domainClient';

const root = new URL('../../fixtures/', import.meta.url);

/** Every string of a JSON value with its path, leaving out a scenario's own description. */
function stringsOf(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringsOf(item, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      path.endsWith('.json') && key === 'description' ? [] : stringsOf(item, `${path}.${key}`),
    );
  }
  return [];
}

const fixtureFiles = ['reference', 'scenarios'].flatMap((dir) =>
  readdirSync(new URL(`${dir}/`, root))
    .filter((f) => f.endsWith('.json'))
    .map((f) => `${dir}/${f}`),
);

describe('fixture texts show pesos with 2 decimals', () => {
  it('finds the fixtures', () => {
    expect(fixtureFiles.length).toBeGreaterThan(10);
  });

  it.each(fixtureFiles)('%s', (file) => {
    const json: unknown = JSON.parse(readFileSync(new URL(file, root), 'utf8'));
    const bad = stringsOf(json, file).filter(([, text]) => amountsWithoutCents(text).length > 0);
    expect(bad).toEqual([]);
  });
});

describe('server texts show pesos with 2 decimals', () => {
  const NOW = Date.parse('2026-11-21T02:00:00Z');
  const setup = async (scenario: string) => {
    const client = domainClient(createMockDomain({ scenario, now: () => NOW }));
    return { client, token: await client.login('63', '9171234567') };
  };

  it('loan refusals', async () => {
    const { client, token } = await setup('can-borrow');
    const reason = async (borrowAmount: number) =>
      ((await client.call('loanCheckByArc', { borrowAmount }, token)).data as { reason: string })
        .reason;
    expect(await reason(999)).toBe('The minimum loan amount is ₱1,000.00.');
    expect(await reason(15001)).toBe('The amount exceeds your available credit of ₱15,000.00.');
  });

  it('a repay order over the channel limit', async () => {
    const { client, token } = await setup('repaying');
    const plan = (await client.call('repayPlan', { pageNum: 1, pageSize: 20, type: '' }, token))
      .data as { list: { periodId: string; repayAmount: number }[] };
    const sum = Math.round(plan.list.reduce((s, p) => s + p.repayAmount, 0) * 100) / 100;
    const over = await client.call(
      'generatorRepayOrder',
      {
        channel: 'SEVEN_ELEVEN',
        repayAmount: sum,
        periodIds: plan.list.map((p) => p.periodId),
      },
      token,
    );
    expect(over.code).toBe(ServerCode.AMOUNT_OVER_LIMIT);
    expect(over.message).toContain('7-ELEVEN limit of ₱10,000.00.');
    expect(amountsWithoutCents(over.message)).toEqual([]);
  });

  it('lucky draw prizes', () => {
    for (const prize of LUCKY_DRAW_PRIZES) expect(amountsWithoutCents(prize.title)).toEqual([]);
  });
});
