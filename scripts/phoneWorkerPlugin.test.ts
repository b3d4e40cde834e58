/** The dev server's `/phone-sw.js` is bundled once and kept until a file of the worker changes. */
import { describe, expect, it } from 'vitest';
import { keptUntilChanged } from './phoneWorkerPlugin';

describe('keptUntilChanged', () => {
  it('builds once for many requests at once, again only after a change', async () => {
    let builds = 0;
    const bundle = keptUntilChanged(async () => {
      builds += 1;
      return `code ${builds}`;
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => bundle.get()));
    expect(new Set(answers)).toEqual(new Set(['code 1']));
    expect(builds).toBe(1);
    bundle.invalidate();
    expect(await bundle.get()).toBe('code 2');
    expect(builds).toBe(2);
  });

  it('does not keep a failed build', async () => {
    let fail = true;
    const bundle = keptUntilChanged(async () => {
      if (fail) throw new Error('syntax error');
      return 'code';
    });
    await expect(bundle.get()).rejects.toThrow('syntax error');
    fail = false;
    expect(await bundle.get()).toBe('code');
  });
});
