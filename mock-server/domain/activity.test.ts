/** The christmas lucky draw: window, chances, tasks, prizes becoming vouchers, scenario reset. */
import { describe, expect, it } from 'vitest';
import type { LuckyDrawInfo } from '@shared/api/endpoints';
import type { Coupon } from '@shared/api/entities';
import { ServerCode } from '@shared/codes';
import {
  LUCKY_DRAW_PRIZES,
  NO_CHANCES_TEXT,
  OUT_OF_WINDOW_TEXT,
  prizeFor,
} from './handlers/activity';
import { createMockDomain } from './index';
import { domainClient } from '@tests/support/mock-server/domainClient';

const IN_WINDOW = Date.parse('2026-12-10T04:00:00Z');
const BEFORE = Date.parse('2026-11-30T15:59:00Z');
const AFTER = Date.parse('2027-01-06T16:00:01Z');

async function setup(scenario: string, at = IN_WINDOW) {
  let now = at;
  const domain = createMockDomain({ scenario, now: () => now });
  const client = domainClient(domain);
  const token = await client.login('63', '9171234567');
  return {
    domain,
    client,
    token,
    moveTo: (t: number) => {
      now = t;
    },
  };
}
const data = <T>(answer: { code: number; message: string; data: unknown }): T => {
  expect(answer.code, answer.message).toBe(200);
  return answer.data as T;
};

describe('christmas lucky draw', () => {
  it('one free chance; a voucher prize lands in the available vouchers', async () => {
    const { client, token } = await setup('new-user');
    const info = data<LuckyDrawInfo>(await client.call('luckyDrawInfo', {}, token));
    expect(info.chances).toBe(1);
    expect(info.prizes.map((p) => p.key)).toEqual(LUCKY_DRAW_PRIZES.map((p) => p.key));
    const before = data<Coupon[]>(await client.call('couponList', { state: 1 }, token)).length;

    const won = data<{ prize: { kind: string; title: string }; chances: number }>(
      await client.call('luckyDrawDraw', {}, token),
    );
    expect(won.chances).toBe(0);
    const after = data<Coupon[]>(await client.call('couponList', { state: 1 }, token));
    expect(after.length).toBe(before + (won.prize.kind === 'voucher' ? 1 : 0));
    const records = data<LuckyDrawInfo>(await client.call('luckyDrawInfo', {}, token)).records;
    expect(records.map((r) => r.prize.title)).toEqual([won.prize.title]);

    const again = await client.call('luckyDrawDraw', {}, token);
    expect(again).toMatchObject({ code: ServerCode.NOT_ELIGIBLE, message: NO_CHANCES_TEXT });
  });

  it('done tasks can be claimed once each for a chance; unfinished ones cannot', async () => {
    const { client, token } = await setup('new-user');
    const tasks = data<LuckyDrawInfo>(await client.call('luckyDrawInfo', {}, token)).tasks;
    expect(tasks.find((t) => t.key === 'checkin')).toMatchObject({ done: true, claimed: false });
    expect(tasks.find((t) => t.key === 'loan')).toMatchObject({ done: false });

    const claimed = await client.call('luckyDrawClaimTask', { taskKey: 'checkin' }, token);
    expect(data<{ chances: number }>(claimed).chances).toBe(2);
    const twice = await client.call('luckyDrawClaimTask', { taskKey: 'checkin' }, token);
    expect(twice.code).toBe(ServerCode.DUPLICATE_SUBMIT);
    const notDone = await client.call('luckyDrawClaimTask', { taskKey: 'loan' }, token);
    expect(notDone.code).toBe(ServerCode.NOT_ELIGIBLE);
    const unknown = await client.call('luckyDrawClaimTask', { taskKey: 'nope' }, token);
    expect(unknown.code).toBe(ServerCode.NOT_FOUND);
  });

  it('a borrower with loans and repayments has those tasks done', async () => {
    const { client, token } = await setup('repaying');
    const tasks = data<LuckyDrawInfo>(await client.call('luckyDrawInfo', {}, token)).tasks;
    expect(tasks.find((t) => t.key === 'loan')?.done).toBe(true);
    expect(tasks.find((t) => t.key === 'repay')?.done).toBe(true);
  });

  it('refuses draws and claims before and after the event window', async () => {
    const { client, token, moveTo } = await setup('new-user', BEFORE);
    for (const at of [BEFORE, AFTER]) {
      moveTo(at);
      expect(await client.call('luckyDrawDraw', {}, token)).toMatchObject({
        code: ServerCode.NOT_ELIGIBLE,
        message: OUT_OF_WINDOW_TEXT,
      });
      const claim = await client.call('luckyDrawClaimTask', { taskKey: 'checkin' }, token);
      expect(claim.message).toBe(OUT_OF_WINDOW_TEXT);
    }
    moveTo(IN_WINDOW);
    expect((await client.call('luckyDrawDraw', {}, token)).code).toBe(200);
  });

  it('needs a login, and a scenario reset gives the chances back', async () => {
    const { domain, client, token } = await setup('new-user');
    expect((await client.call('luckyDrawInfo', {})).code).toBe(ServerCode.TOKEN_MISSING);
    data(await client.call('luckyDrawDraw', {}, token));
    domain.reset();
    const fresh = await client.login('63', '9171234567');
    expect(data<LuckyDrawInfo>(await client.call('luckyDrawInfo', {}, fresh)).chances).toBe(1);
  });

  it('prizes are reproducible per account and draw, and every prize can come up', () => {
    expect(prizeFor('63:9171234567', 3)).toEqual(prizeFor('63:9171234567', 3));
    const seen = new Set<string>();
    for (let n = 1; n <= 400; n += 1) seen.add(prizeFor(`63:91700${n}`, 1).key);
    expect([...seen].sort()).toEqual(LUCKY_DRAW_PRIZES.map((p) => p.key).sort());
  });
});
