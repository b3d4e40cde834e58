import { describe, expect, it } from 'vitest';
import { offersFastPayDownload } from './fastPayDownload';

describe('offersFastPayDownload', () => {
  it.each([
    ['web', true],
    ['lender', true],
    ['fastpay', false],
  ] as const)('%s: %s', (profile, offered) => {
    expect(offersFastPayDownload(profile)).toBe(offered);
  });
});
