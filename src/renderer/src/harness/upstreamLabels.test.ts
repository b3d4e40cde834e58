import { describe, expect, it } from 'vitest';
import type { UpstreamStatus } from '@shared/upstream';
import { upstreamSummary, upstreamTag, upstreamTitle } from './upstreamLabels';

const status = (state: UpstreamStatus['state'], url: string | null = 'http://127.0.0.1:4011') => ({
  url,
  state,
  identityKey: null,
  message: '',
  calls: 0,
  phones: 0,
});

describe('upstream labels', () => {
  it.each([
    [null, 'off'],
    [status('off', null), 'off'],
    [status('ready'), 'relaying to http://127.0.0.1:4011'],
    [status('failing'), 'http://127.0.0.1:4011 not answering'],
    [status('identity-changed'), 'STOPPED: http://127.0.0.1:4011 identity changed'],
  ])('summarises %j as %s', (given, expected) => {
    expect(upstreamSummary(given)).toBe(expected);
  });

  it('tags an exchange with its breaches, and lists them on hover', () => {
    const mark = {
      url: 'http://b',
      deviceId: 'relay-1-h5',
      ms: 12.4,
      breaches: [
        { kind: 'unknown-field' as const, field: 'data.x', detail: 'not in the contract' },
        {
          kind: 'unknown-code' as const,
          field: 'code',
          detail: 'code 7 is not one of src/shared/codes.ts',
        },
      ],
    };
    expect(upstreamTag({ ...mark, breaches: [] })).toBe('upstream');
    expect(upstreamTag(mark)).toBe('upstream · 2 contract breaches');
    expect(upstreamTitle(mark).split('\n')).toEqual([
      'Answered by the upstream http://b in 12 ms (as relay-1-h5)',
      'unknown-field data.x: not in the contract',
      'unknown-code code: code 7 is not one of src/shared/codes.ts',
    ]);
  });
});
