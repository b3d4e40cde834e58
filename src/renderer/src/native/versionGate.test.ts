import { describe, expect, it } from 'vitest';
import { versionAtLeast } from './versionGate';

describe('app version gate (PRODUCT.md §5)', () => {
  it.each([
    ['2.8.0', '2.8.0', true],
    ['2.8.1', '2.8.0', true],
    ['3.0.0', '2.8.0', true],
    ['2.7.9', '2.8.0', false],
    ['2.10.0', '2.8.0', true],
    ['2.8', '2.8.0', false],
    ['', '2.8.0', false],
    ['v2.9.0', '2.8.0', true],
    ['garbage', '2.8.0', false],
    ['2.9.0', 'x', false],
  ])('%j ≥ %j → %s', (app, target, expected) => {
    expect(versionAtLeast(app, target)).toBe(expected);
  });
});
