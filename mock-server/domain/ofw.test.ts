/** ofw/billInquiry: a bill looked up by number and order without logging in. */
import { describe, expect, it } from 'vitest';
import type { OfwBill } from '@shared/api/endpoints';
import { ServerCode } from '@shared/codes';
import { NO_BILL_TEXT } from './handlers/ofw';
import { createMockDomain } from './index';
import { domainClient } from '@tests/support/mock-server/domainClient';

const NOW = Date.parse('2026-11-21T02:00:00Z');
const client = () => domainClient(createMockDomain({ scenario: 'repaying', now: () => NOW }));
const inquiry = (orderNo: string, msisdn = '09171234567') =>
  client().call('ofwBillInquiry', { areaCode: '63', msisdn, orderNo });

describe('OFW bill inquiry', () => {
  it('answers the open installments of a loan with a masked name, no token needed', async () => {
    const answer = await inquiry('DL2026110100012');
    expect(answer.code, answer.message).toBe(200);
    const bill = answer.data as OfwBill;
    expect(bill).toMatchObject({
      orderNo: 'DL2026110100012',
      borrowerName: 'Ms. S*****',
      dueAmount: 3683.34,
      type: 1,
    });
    expect(bill.nextDueTime).toBeGreaterThan(NOW / 1000);
  });

  it('shows an overdue loan as overdue and a settled one as settled with nothing due', async () => {
    expect((await inquiry('DL2026092000019')).data).toMatchObject({ type: 3, dueAmount: 6210 });
    expect((await inquiry('DL2026071500008')).data).toMatchObject({
      type: 4,
      dueAmount: 0,
      nextDueTime: null,
    });
  });

  it('refuses an order of another number, or an unknown order', async () => {
    for (const answer of [await inquiry('DL2026110100012', '9998887777'), await inquiry('NOPE')]) {
      expect(answer).toMatchObject({ code: ServerCode.NOT_FOUND, message: NO_BILL_TEXT });
    }
  });
});
