import { describe, expect, it } from 'vitest';
import { countdownUntil, resendLabel, secondsLeft } from './countdown';

describe('SMS countdown (PRODUCT.md §4: 180 s, "Resend in Ns")', () => {
  const now = 1_000_000;
  it.each([
    [countdownUntil(now), now, 180],
    [countdownUntil(now), now + 1, 180],
    [countdownUntil(now), now + 1000, 179],
    [countdownUntil(now), now + 179_001, 1],
    [countdownUntil(now), now + 180_000, 0],
    [countdownUntil(now), now + 500_000, 0],
  ])('until %i at %i → %i s', (until, at, left) => {
    expect(secondsLeft(until, at)).toBe(left);
  });

  it('labels the button', () => {
    expect(resendLabel(59)).toBe('Resend in 59s');
  });
});
