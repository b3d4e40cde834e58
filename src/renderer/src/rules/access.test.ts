import { describe, expect, it } from 'vitest';
import { accessOf } from './access';

describe('path access (PRODUCT.md §2 Startup and access)', () => {
  it.each([
    ['/deny', 'deny'],
    ['/deny/fastpaylogin9000016', 'deny'],
    ['/doc/directloan_terms_and_conditions', 'public'],
    ['/doc/privacy_policy', 'public'],
    ['/doc/about_us', 'private'],
    ['/doc/loan_agreement', 'private'],
    ['/reg/partner', 'public'],
    ['/login', 'public'],
    ['/event/invite_friend', 'public'],
    ['/event', 'private'],
    ['/channel/admin', 'public'],
    ['/activity-center', 'public'],
    ['/ofw/pay_bill', 'public'],
    ['/repay/publicResult', 'public'],
    ['/repay/selectCh', 'private'],
    ['/', 'private'],
    ['/bill', 'private'],
    ['/profile', 'private'],
    ['/denyall', 'private'],
    ['/unknown/page', 'private'],
  ])('%s → %s', (path, access) => {
    expect(accessOf(path)).toBe(access);
  });
});
