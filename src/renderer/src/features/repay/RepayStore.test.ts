import { describe, expect, it } from 'vitest';
import reference from '@fixtures/reference/repay-channels.json';
import type { RepayChannel } from '@shared/api/entities';
import { JsonStorage, memoryStorage } from '@renderer/lib/storage';
import { fakeBridge, fakeTransport, ok } from '@tests/support/renderer/fakes';
import { createTestRoot } from '@tests/support/renderer/testRoot';
import { RepayFormStore, repayFormFeature } from '@renderer/stores/RepayFormStore';
import { PAYMENT_CANCELLED, repayFeature, resultPath } from './RepayStore';
import { NO_AMOUNT } from './repayRules';

const channels = reference as { ph: RepayChannel[]; tw: RepayChannel[] };
const channel = (key: string) => {
  const found = [...channels.ph, ...channels.tw].find((c) => c.key === key);
  if (!found) throw new Error(key);
  return found;
};
const order = (key: string, amount: number) => ({
  orderNo: 'RP0001',
  channel: key,
  amount,
  fee: 0,
  payCode: key.startsWith('GCASH') ? null : '123456',
  payUrl: key.startsWith('GCASH') ? 'https://pay/x' : null,
  expireTime: 1_800_000_000,
});
const loanInfo = {
  lastAmount: 5000,
  creditAmount: 20000,
  monthlyInterest: 3.5,
  state: 4,
  type: 1,
  loanAmount: 0,
  dueAmount: 0,
  dueDay: 0,
  dueTime: 0,
};

function setup(options: { bridge?: ReturnType<typeof fakeBridge>; key?: string } = {}) {
  const transport = fakeTransport({
    generatorRepayOrder: (data) => ok(order((data as { channel: string }).channel, 8350)),
    repayResult: ok({ orderNo: 'RP0001', status: 'success', amount: 8350, channel: 'GCASH' }),
    loanInfo: ok(loanInfo),
    repayChannel: ok(channels),
  });
  const test = createTestRoot({ transport, bridge: options.bridge });
  test.root.user.setToken('token-1');
  test.root.feature(repayFormFeature).fill(8350, ['P000006', 'P000007']);
  return { ...test, transport };
}

const orderCalls = (t: ReturnType<typeof fakeTransport>) =>
  t.calls.filter((c) => c.name === 'generatorRepayOrder');

describe('RepayStore.pay', () => {
  it('refuses an amount above the channel limit before any order', async () => {
    const { root, ui, transport } = setup();
    root.feature(repayFormFeature).fill(12000, ['P1', 'P2']);
    await root.feature(repayFeature).pay(channel('SEVEN_ELEVEN'), 12000);
    expect(orderCalls(transport)).toEqual([]);
    expect(root.feature(repayFeature).error).toContain('exceeds the 7-ELEVEN limit of ₱10,000');
    expect(ui.shown).toContain(root.feature(repayFeature).error);
  });

  it('refuses when the Bill tab did not choose these bills', async () => {
    const { root, transport } = setup();
    await root.feature(repayFeature).pay(channel('BDO'), 999);
    expect(orderCalls(transport)).toEqual([]);
    expect(root.feature(repayFeature).error).toBe(NO_AMOUNT);
  });

  it('web: generates the order from the repay form and keeps it to show its code', async () => {
    const { root, transport, navigation } = setup();
    await root.feature(repayFeature).pay(channel('SEVEN_ELEVEN'), 8350);
    expect(orderCalls(transport).map((c) => c.data)).toEqual([
      { channel: 'SEVEN_ELEVEN', repayAmount: 8350, periodIds: ['P000006', 'P000007'] },
    ]);
    expect(root.feature(repayFeature).order?.payCode).toBe('123456');
    expect(navigation.visited).toEqual([]);
  });

  it('lender app: GCash pays through gcashPayment, then the result page', async () => {
    const bridge = fakeBridge();
    const { root, navigation } = setup({ bridge });
    await root.feature(repayFeature).pay(channel('GCASH'), 8350);
    expect(bridge.calls.find((c) => c.method === 'gcashPayment')?.params).toEqual({
      orderNo: 'RP0001',
      amount: 8350,
      url: 'https://pay/x',
    });
    expect(navigation.visited).toEqual([resultPath('RP0001')]);
  });

  it('lender app: a cancelled payment stays on the page and says so', async () => {
    const bridge = fakeBridge({ gcashPayment: { resultCode: 2 } });
    const { root, navigation, ui } = setup({ bridge });
    await root.feature(repayFeature).pay(channel('GCASH_LINK_TO_PAY'), 8350);
    expect(navigation.visited).toEqual([]);
    expect(ui.shown).toContain(PAYMENT_CANCELLED);
  });

  it('lender app: after a cancelled payment, Pay Again pays the same order (no new order)', async () => {
    let answer = 2;
    const bridge = fakeBridge({ gcashPayment: () => ({ resultCode: answer }) as never });
    const { root, navigation, transport } = setup({ bridge });
    await root.feature(repayFeature).pay(channel('GCASH'), 8350);
    expect(root.feature(repayFeature).paysInWallet).toBe(true);
    answer = 0;
    await root.feature(repayFeature).payAgain();
    const payments = bridge.calls.filter((c) => c.method === 'gcashPayment');
    expect(payments.map((c) => (c.params as { orderNo: string }).orderNo)).toEqual([
      'RP0001',
      'RP0001',
    ]);
    expect(transport.calls.filter((c) => c.name === 'generatorRepayOrder')).toHaveLength(1);
    expect(navigation.visited).toEqual([resultPath('RP0001')]);
  });

  it("lender app: a wallet refusal shows the wallet's reason, never a made-up one", async () => {
    const reason = 'GCash is under maintenance. Please try again later.';
    const bridge = fakeBridge({ gcashPayment: { resultCode: 3, message: reason } });
    const { root, ui } = setup({ bridge });
    const repay = root.feature(repayFeature);
    await repay.pay(channel('GCASH'), 8350);
    expect(ui.shown).toContain(reason);
    expect(ui.shown.join()).not.toContain('could not be completed');
    // Nothing says the order is dead: it stays, with Pay Again.
    expect(repay.order?.orderNo).toBe('RP0001');
    expect(repay.refusedPayment).toBeNull();
  });

  it.each([
    [
      'replaced',
      {
        orderNo: 'RP0001',
        status: 'replaced',
        liveOrder: { orderNo: 'RP0002', channel: 'SHOPEE', channelLabel: 'Shopee' },
      },
    ],
    ['expired', { orderNo: 'RP0001', status: 'expired' }],
    ['paid', { orderNo: 'RP0001', status: 'paid' }],
  ] as const)(
    'lender app: an order the wallet says can never be paid (%s) leaves the screen and the kept order',
    async (_, refusal) => {
      const message = `This order (RP0001) cannot be paid: ${refusal.status}.`;
      const bridge = fakeBridge({ gcashPayment: { resultCode: 3, message, data: refusal } });
      const { root } = setup({ bridge });
      root.user.setUser({
        msisdn: '9171234567',
        areaCode: '63',
        userId: 'U1',
        token: 't',
        tokenValue: 'token-1',
        gender: 'Female',
        lastName: 'Santos',
      });
      const repay = root.feature(repayFeature);
      await repay.pay(channel('GCASH'), 8350);
      expect(repay.order).toBeNull();
      expect(repay.paysInWallet).toBe(false);
      expect(repay.refusedPayment).toEqual({ message, refusal });
      // A reload (the screen opening again) shows no Pay Again on it either.
      await repay.openChannel('GCASH', 8350);
      expect(repay.order).toBeNull();
    },
  );

  it('FastPay pays through fastPayPayment in a host', async () => {
    const bridge = fakeBridge();
    const { root } = setup({ bridge });
    await root.feature(repayFeature).pay(channel('FASTPAY'), 8350);
    expect(bridge.calls.find((c) => c.method === 'fastPayPayment')?.params).toEqual({
      orderNo: 'RP0001',
      amount: 8350,
    });
  });

  it('a second tap while the order is being made does nothing', async () => {
    const { root, transport } = setup();
    await Promise.all([
      root.feature(repayFeature).pay(channel('BDO'), 8350),
      root.feature(repayFeature).pay(channel('BDO'), 8350),
    ]);
    expect(orderCalls(transport)).toHaveLength(1);
  });
});

describe('RepayStore.loadResult', () => {
  it('a success tells the host once, refreshes loan info and the bill, clears the form', async () => {
    const bridge = fakeBridge();
    const { root, transport } = setup({ bridge });
    let resumed = 0;
    root.events.on('account-changed', () => void resumed++);
    await root.feature(repayFeature).loadResult('RP0001');
    await root.feature(repayFeature).loadResult('RP0001');
    expect(root.feature(repayFeature).resultStatus).toBe('success');
    expect(bridge.calls.filter((c) => c.method === 'loanRepaid')).toEqual([
      { method: 'loanRepaid', params: { orderNo: 'RP0001' } },
    ]);
    expect(resumed).toBe(1);
    expect(transport.calls.filter((c) => c.name === 'loanInfo')).toHaveLength(1);
    expect(root.user.loanInfo).toEqual(loanInfo);
    expect(root.feature(repayFormFeature).inited).toBe(false);
  });

  it('a pending order is shown as pending and changes nothing', async () => {
    const { root, transport } = setup();
    transport.answers.repayResult = ok({
      orderNo: 'RP0001',
      status: 'pending',
      amount: 8350,
      channel: 'BDO',
    });
    await root.feature(repayFeature).loadResult('RP0001');
    expect(root.feature(repayFeature).resultStatus).toBe('pending');
    expect(root.feature(repayFormFeature).inited).toBe(true);
  });
});

describe('repay form and channel lists', () => {
  it('the repay form survives a reload through session storage; reset forgets it', () => {
    const session = new JsonStorage(memoryStorage());
    new RepayFormStore(session).fill(8350, ['P000006', 'P000007', 'P000006']);
    const reloaded = new RepayFormStore(session);
    expect(reloaded.inited).toBe(true);
    expect(reloaded.periodIds).toEqual(['P000006', 'P000007']);
    expect(reloaded.matches(8350)).toBe(true);
    expect(reloaded.matches(8000)).toBe(false);
    reloaded.reset();
    expect(new RepayFormStore(session).inited).toBe(false);
  });

  it('without the Bill tab, the preselected plan rows stand in when they add up', async () => {
    const { root } = setup();
    root.feature(repayFormFeature).reset();
    const row = (periodId: string, type: 1 | 2 | 3, repayAmount: number) => ({
      periodId,
      orderNo: 'DL1',
      period: 1,
      type,
      dueDay: 1,
      dueTime: 1,
      repayAmount,
    });
    const transport = root.services.transport as ReturnType<typeof fakeTransport>;
    transport.answers.repayPlan = ok({
      list: [row('A', 1, 100), row('B', 2, 2140), row('C', 3, 6210)],
      pageNum: 1,
      pages: 1,
      total: 3,
    });
    await root.feature(repayFeature).ensureForm(8350);
    expect(root.feature(repayFormFeature).periodIds).toEqual(['B', 'C']);
    root.feature(repayFormFeature).reset();
    await root.feature(repayFeature).ensureForm(100);
    expect(root.feature(repayFormFeature).inited).toBe(false);
  });

  it('loads the lists into the app config; Taiwan borrowers get FastPay', async () => {
    const { root } = setup();
    await root.feature(repayFeature).loadChannels();
    expect(root.feature(repayFeature).channelsOf('ph')).toHaveLength(17);
    expect(root.feature(repayFeature).market).toBe('ph');
    root.user.setUser({
      msisdn: '912345678',
      areaCode: '886',
      userId: 'U2',
      token: 't',
      tokenValue: 'token-1',
      gender: 'Male',
      lastName: 'Chen',
    });
    expect(root.feature(repayFeature).market).toBe('tw');
    expect(
      root
        .feature(repayFeature)
        .channelsOf(root.feature(repayFeature).market)
        .map((c) => c.key),
    ).toEqual(['FASTPAY']);
  });
});

describe('RepayStore.selectionOf: what the address amount stands for', () => {
  const plan = {
    list: [
      {
        periodId: 'P000006',
        orderNo: 'DL1',
        period: 2,
        type: 2,
        dueDay: 2,
        dueTime: 1,
        repayAmount: 2140,
      },
      {
        periodId: 'P000007',
        orderNo: 'DL2',
        period: 1,
        type: 3,
        dueDay: 5,
        dueTime: 1,
        repayAmount: 6210,
      },
      {
        periodId: 'P000004',
        orderNo: 'DL3',
        period: 2,
        type: 1,
        dueDay: 20,
        dueTime: 1,
        repayAmount: 1841.67,
      },
    ],
    pageNum: 1,
    pages: 1,
    total: 3,
  };

  it.each([
    // [amount of the address, the Bill tab chose 8350 for two rows?, selection]
    [8350, true, 'chosen'],
    [99999999, true, 'mismatch'],
    [8349.99, true, 'mismatch'],
    // Opened without the Bill tab: the plan's preselected rows stand in when they add up.
    [8350, false, 'chosen'],
    [99999999, false, 'mismatch'],
    [Number.NaN, true, 'none'],
    [0, true, 'none'],
  ] as const)('%s (form filled: %s) is %s', async (amount, filled, selection) => {
    const transport = fakeTransport({ repayPlan: ok(plan) });
    const { root } = createTestRoot({ transport });
    root.user.setToken('token-1');
    if (filled) root.feature(repayFormFeature).fill(8350, ['P000006', 'P000007']);
    const repay = root.feature(repayFeature);
    const opening = repay.ensureForm(amount);
    if (selection === 'mismatch') expect(repay.selectionOf(amount)).toBe('checking');
    await opening;
    expect(repay.selectionOf(amount)).toBe(selection);
  });
});
