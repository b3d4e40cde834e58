import { describe, expect, it } from 'vitest';
import { denyText } from './DenyScreen';

describe('deny page texts', () => {
  it.each([
    [
      'fastpaylogin9000016',
      'FastPay login failed',
      'The wallet could not sign you in (code 9000016).',
    ],
    ['fastpaylogin', 'FastPay login failed', 'The wallet could not sign you in.'],
    ['not_in_region', 'Access denied', 'not_in_region'],
    ['', 'Access denied', 'This page cannot be opened here.'],
  ])('%j → %s / %s', (message, title, detail) => {
    expect(denyText(message)).toEqual({ title, detail });
  });
});
