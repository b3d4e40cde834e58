import { describe, expect, it } from 'vitest';
import { clampDrag, PIECE_SIZE, PUZZLE_WIDTH, pieceFits, randomTarget } from './puzzle';

describe('slider puzzle geometry', () => {
  it.each([0, 0.5, 0.999])('puts the hole inside the picture and away from the start (%f)', (r) => {
    const target = randomTarget(() => r);
    expect(target.x).toBeGreaterThanOrEqual(PIECE_SIZE + 20);
    expect(target.x + PIECE_SIZE).toBeLessThanOrEqual(PUZZLE_WIDTH);
    expect(target.y).toBeGreaterThanOrEqual(8);
  });

  it.each([
    [100, 100, true],
    [106, 100, true],
    [94, 100, true],
    [107, 100, false],
    [0, 100, false],
  ])('drop at %i on a hole at %i fits: %s', (drop, x, fits) => {
    expect(pieceFits(drop, { x, y: 10 })).toBe(fits);
  });

  it.each([
    [-10, 0],
    [50, 50],
    [1000, PUZZLE_WIDTH - PIECE_SIZE],
  ])('clamps %i to %i', (x, clamped) => {
    expect(clampDrag(x)).toBe(clamped);
  });
});
