import { describe, expect, it } from 'vitest';
import { hasOwn, lastOf, randomUuid } from './portable';

/** An engine below the floor: none of the built-ins these helpers stand in for. */
function withoutNewBuiltIns<T>(run: () => T): T {
  const saved = {
    hasOwn: Object.getOwnPropertyDescriptor(Object, 'hasOwn'),
    at: Object.getOwnPropertyDescriptor(Array.prototype, 'at'),
    randomUUID: Object.getOwnPropertyDescriptor(
      Object.getPrototypeOf(globalThis.crypto),
      'randomUUID',
    ),
  };
  Reflect.deleteProperty(Object, 'hasOwn');
  Reflect.deleteProperty(Array.prototype, 'at');
  Reflect.deleteProperty(Object.getPrototypeOf(globalThis.crypto), 'randomUUID');
  try {
    return run();
  } finally {
    if (saved.hasOwn) Object.defineProperty(Object, 'hasOwn', saved.hasOwn);
    if (saved.at) Object.defineProperty(Array.prototype, 'at', saved.at);
    if (saved.randomUUID)
      Object.defineProperty(
        Object.getPrototypeOf(globalThis.crypto),
        'randomUUID',
        saved.randomUUID,
      );
  }
}

describe('built-ins above the browser floor', () => {
  it('work where the engine lacks them', () => {
    withoutNewBuiltIns(() => {
      expect('hasOwn' in Object).toBe(false);
      const pages = { intro: 1 };
      expect(hasOwn(pages, 'intro')).toBe(true);
      expect(hasOwn(pages, 'toString')).toBe(false);
      expect(hasOwn(Object.create(pages), 'intro')).toBe(false);
      expect(lastOf([1, 2, 3])).toBe(3);
      expect(lastOf([])).toBeUndefined();
      expect(randomUuid()).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    });
  });

  it('give version 4 UUIDs from the random bytes', () => {
    expect(randomUuid((bytes) => void bytes.fill(0xff))).toBe(
      'ffffffff-ffff-4fff-bfff-ffffffffffff',
    );
    expect(randomUuid((bytes) => void bytes.fill(0))).toBe('00000000-0000-4000-8000-000000000000');
    expect(randomUuid()).not.toBe(randomUuid());
  });
});
