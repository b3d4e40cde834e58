import { describe, expect, it } from 'vitest';
import { okDataPlaceholder } from './AnswerDetailsForm';

describe('answer details', () => {
  it('suggests OK data of the method asked, never a pickAccount answer for a wallet', () => {
    expect(okDataPlaceholder('pickAccount')).toContain('payeeId');
    for (const method of ['gcashPayment', 'fastPayPayment', 'showNotice', 'showLogin'] as const) {
      expect(okDataPlaceholder(method)).not.toContain('payeeId');
      expect(okDataPlaceholder(method)).toContain(`${method} answers OK with null`);
    }
  });
});
