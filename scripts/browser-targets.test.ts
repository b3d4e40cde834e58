import { describe, expect, it } from 'vitest';
import { browserTargets, floorTargets } from './browser-targets.mjs';

describe('build targets from the browserslist', () => {
  it('takes the lowest version per engine, WebViews as Chrome', () => {
    expect(
      browserTargets([
        'chrome >= 90',
        'android >= 87',
        'and_chr >= 88',
        'ios_saf >= 14.5',
        'safari >= 14.1',
      ]),
    ).toEqual(['chrome87', 'ios14.5', 'safari14.1']);
  });

  it('refuses queries it cannot read instead of guessing', () => {
    expect(() => browserTargets(['> 0.5%'])).toThrow(/only "<browser> >= <version>"/);
    expect(() => browserTargets(['netscape >= 4'])).toThrow(/unknown browser/);
    expect(() => browserTargets([])).toThrow(/empty/);
  });

  it("reads the package's floor", () => {
    const targets = floorTargets();
    expect(targets).toContain('ios14.5');
    expect(targets).toContain('chrome87');
  });
});
