import { describe, expect, it } from 'vitest';
import type { LoanInfo } from '@shared/api/entities';
import { loanFeature } from '@renderer/features/loan/LoanStore';
import { fakeTransport, ok } from '@tests/support/renderer/fakes';
import { createTestRoot } from '@tests/support/renderer/testRoot';
import { KEPT_FRESH_MS } from './Freshness';
import { loanInfoFeature } from './LoanInfoStore';

const info = (lastAmount: number): LoanInfo => ({
  lastAmount,
  creditAmount: 20000,
  monthlyInterest: 3.5,
  state: 0,
  type: 0,
  loanAmount: 0,
  dueAmount: 0,
  dueDay: 0,
  dueTime: 0,
});

function setup(answer: () => ReturnType<typeof ok<LoanInfo>> | Error = () => ok(info(15000))) {
  const transport = fakeTransport({ loanInfo: answer, couponList: ok([]) });
  const test = createTestRoot({ transport });
  test.root.user.setToken('token-1');
  const loanInfoCalls = () => transport.calls.filter((c) => c.name === 'loanInfo').length;
  return { ...test, loanInfoCalls, source: test.root.feature(loanInfoFeature) };
}

describe('LoanInfoStore: one loan-info call per need', () => {
  it('what arrived within the window is current; older, or 0, asks again', async () => {
    const { source, clock, loanInfoCalls, root } = setup();
    expect(await source.refresh(KEPT_FRESH_MS)).toBe(true);
    expect(root.user.loanInfo?.lastAmount).toBe(15000);
    expect(await source.refresh(KEPT_FRESH_MS)).toBe(true);
    expect(loanInfoCalls()).toBe(1);
    clock.advance(KEPT_FRESH_MS);
    await source.refresh(KEPT_FRESH_MS);
    expect(loanInfoCalls()).toBe(2);
    await source.refresh();
    expect(loanInfoCalls()).toBe(3);
  });

  it('screens asking at once share one call', async () => {
    const { source, loanInfoCalls } = setup();
    await Promise.all([source.refresh(), source.refresh(KEPT_FRESH_MS), source.refresh()]);
    expect(loanInfoCalls()).toBe(1);
  });

  it('a change on the server (account-changed) or a failed call makes the next ask go out', async () => {
    let answer: () => ReturnType<typeof ok<LoanInfo>> | Error = () => ok(info(15000));
    const { source, loanInfoCalls, root } = setup(() => answer());
    await source.refresh();
    root.events.emit('account-changed', undefined);
    await source.refresh(KEPT_FRESH_MS);
    expect(loanInfoCalls()).toBe(2);
    answer = () => new Error('offline');
    expect(await source.refresh()).toBe(false);
    expect(source.status).toBe('failed');
    answer = () => ok(info(10000));
    expect(await source.refresh(KEPT_FRESH_MS)).toBe(true);
    expect(loanInfoCalls()).toBe(4);
    expect(root.user.loanInfo?.lastAmount).toBe(10000);
  });

  it('the loan form opened right after Home takes the loan info Home just got', async () => {
    const { source, loanInfoCalls, root } = setup();
    await source.refresh();
    await root.feature(loanFeature).open();
    expect(loanInfoCalls()).toBe(1);
  });

  it('a new session starts with nothing fresh', async () => {
    const { source, loanInfoCalls, root } = setup();
    await source.refresh();
    root.user.setToken('token-2');
    await root.feature(loanInfoFeature).refresh(KEPT_FRESH_MS);
    expect(loanInfoCalls()).toBe(2);
  });
});
