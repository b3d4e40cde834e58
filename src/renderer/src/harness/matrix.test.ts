import { describe, expect, it } from 'vitest';
import {
  cellFileName,
  cellUrl,
  MATRIX_MAX_CELLS,
  matrixCells,
  readMatrixSpec,
  writeMatrixSpec,
} from './matrix';

describe('matrix spec', () => {
  it('reads the grid from the URL and writes it back unchanged', () => {
    const search = writeMatrixSpec({
      route: '/bill',
      scenarios: ['repaying', 'overdue'],
      devices: ['android', 'iphone'],
      profiles: ['lender', 'web'],
    });
    expect(readMatrixSpec(search)).toEqual({
      route: '/bill',
      scenarios: ['repaying', 'overdue'],
      devices: ['android', 'iphone'],
      profiles: ['lender', 'web'],
      clock: null,
    });
  });

  it('drops unknown devices, profiles and scenario names that are not names', () => {
    const spec = readMatrixSpec(
      '?route=bill&scenarios=repaying,../etc,<b>,repaying&devices=nokia,iphone&profiles=root',
    );
    expect(spec).toEqual({
      route: '/bill',
      scenarios: ['repaying'],
      devices: ['iphone'],
      profiles: ['lender'],
      clock: null,
    });
  });

  it('opens the app start for a route that is not a path of the app', () => {
    for (const route of ['/javascript:parent.name=1', 'javascript:alert(1)', '/http://evil/']) {
      expect(readMatrixSpec(`?${new URLSearchParams({ route })}`).route).toBe('/');
    }
  });

  it('makes one cell per combination, scenario-major, each sized for its phone', () => {
    const cells = matrixCells(readMatrixSpec('?scenarios=a,b&devices=android,iphone'));
    expect(cells.map((c) => [c.scenario, c.device])).toEqual([
      ['a', 'android'],
      ['a', 'iphone'],
      ['b', 'android'],
      ['b', 'iphone'],
    ]);
    expect(cells[1]?.width).toBeGreaterThan(cells[0]?.width ?? 0);
    expect(cellFileName(cells[3]!)).toBe('b__iphone__lender.png');
    const url = new URL(cellUrl(cells[3]!, '/bill?tab=2'), 'http://sim.localhost/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      cell: '3',
      profile: 'lender',
      device: 'iphone',
      path: '/bill?tab=2',
      scenario: 'b',
    });
  });

  it('holds at most MATRIX_MAX_CELLS phones', () => {
    const many = Array.from({ length: 20 }, (_, i) => `s${i}`).join(',');
    const cells = matrixCells(readMatrixSpec(`?scenarios=${many}&devices=android,iphone,tablet`));
    expect(cells).toHaveLength(MATRIX_MAX_CELLS);
  });

  it('gives every phone the same world clock', () => {
    const spec = readMatrixSpec(
      '?route=/bill&scenarios=repaying&devices=android&clock=2026-12-10T04:00:00.000Z',
    );
    expect(spec.clock).toBe('2026-12-10T04:00:00.000Z');
    expect(readMatrixSpec(writeMatrixSpec(spec)).clock).toBe(spec.clock);
    const [cell] = matrixCells(spec);
    const url = new URL(cellUrl(cell!, spec.route, spec.clock), 'http://sim.localhost/');
    expect(url.searchParams.get('clock')).toBe('2026-12-10T04:00:00.000Z');
    expect(readMatrixSpec('?clock=someday').clock).toBeNull();
  });
});
