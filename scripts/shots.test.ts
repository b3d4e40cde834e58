import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseShotsArgs, SHOTS_USAGE } from './shots';

describe('npm run shots arguments', () => {
  it('answers --help and -h with the usage, and an unknown option with what is wrong', () => {
    expect(parseShotsArgs(['--help'])).toEqual({ help: true });
    expect(parseShotsArgs(['-h'])).toEqual({ help: true });
    expect(SHOTS_USAGE).toContain('--scenarios');
    const wrong = parseShotsArgs(['--colour', 'red']);
    expect('error' in wrong && wrong.error).toMatch(/colour/);
  });

  it('reads the matrix options', () => {
    expect(
      parseShotsArgs(['--route', '/bill', '--scenarios', 'repaying,overdue', '--out', 'x']),
    ).toEqual({
      options: {
        route: '/bill',
        scenarios: ['repaying', 'overdue'],
        devices: ['android'],
        profiles: ['lender'],
        clock: null,
        recordingsDir: path.resolve('.mock-data/recordings'),
        outDir: path.resolve('x'),
      },
    });
  });
});
