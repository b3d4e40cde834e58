import { describe, expect, it } from 'vitest';
import { INVALID_PHONE } from '@renderer/rules/loginValidation';
import { fakeTransport, ok } from '@tests/support/renderer/fakes';
import { createTestRoot } from '@tests/support/renderer/testRoot';
import { ENTER_ORDER_NO, OfwBillStore } from './OfwBillStore';

const bill = {
  orderNo: 'DL2026092000019',
  borrowerName: 'Ms. S*****',
  loanAmount: 6000,
  dueAmount: 6210,
  nextDueTime: 1_760_000_000,
  type: 3 as const,
};

function setup(answer = ok(bill) as ReturnType<typeof ok>) {
  const transport = fakeTransport({ ofwBillInquiry: answer });
  const t = createTestRoot({ transport });
  return { ...t, transport, store: new OfwBillStore(t.root.api, t.ui) };
}

describe('OFW bill inquiry', () => {
  it('checks the number and the order number before asking', async () => {
    const { store, ui, transport } = setup();
    store.setPhone('91712');
    store.setOrderNo('x');
    await store.search();
    store.setPhone('9171234567');
    store.setOrderNo('  ');
    await store.search();
    expect(ui.shown).toEqual([INVALID_PHONE, ENTER_ORDER_NO]);
    expect(transport.calls).toEqual([]);
  });

  it('shows the bill the server found', async () => {
    const { store, transport } = setup();
    store.setPhone('09171234567');
    store.setOrderNo(' dl2026092000019 ');
    await store.search();
    expect(transport.calls[0]?.data).toEqual({
      areaCode: '63',
      msisdn: '09171234567',
      orderNo: 'DL2026092000019',
    });
    expect(store.bill).toEqual(bill);
  });

  it('remembers that nothing was found (the message is the ApiService notification)', async () => {
    const { store, ui } = setup({ code: 404, message: 'No bill matches', data: null });
    store.setPhone('9171234567');
    store.setOrderNo('NOPE');
    await store.search();
    expect(store.bill).toBeUndefined();
    expect(store.notFound).toBe(true);
    expect(ui.shown).toEqual(['No bill matches']);
  });
});
