/**
 * The scenario × device × profile matrix: one route shown at once on many phones, each phone a
 * harness cell with its own world (DESIGN.md §6), so their scenarios never clobber each other.
 * `harness.html?view=matrix&route=/bill&scenarios=repaying,overdue&devices=android,iphone
 * &profiles=lender[&clock=2026-12-10T04:00:00.000Z]` opens it; `npm run shots` renders the same
 * page headlessly.
 */
import { DEVICE_PRESETS, isDeviceId } from '@host/devices';
import { type DeviceId, HOST_PROFILES, type HostProfile } from '@host/types';
import { parseAppPath } from '@shared/appPath';
import { readClockParam } from './urlState';

export interface MatrixSpec {
  route: string;
  scenarios: string[];
  devices: DeviceId[];
  profiles: HostProfile[];
  /** Every phone's world clock, as the harness's `clock=` parameter (absent: real time). */
  clock?: string | null;
}

interface MatrixCell {
  /** Stable per position, so a reload of the matrix finds each phone's world again. */
  key: string;
  scenario: string;
  device: DeviceId;
  profile: HostProfile;
  label: string;
  /** CSS pixels the cell's frame needs to show the whole phone unscaled. */
  width: number;
  height: number;
}

/** The most phones one page holds: each is a full app with its own world and handshake. */
export const MATRIX_MAX_CELLS = 24;
const SCENARIO_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

function list(value: string | null): string[] {
  return [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

export function readMatrixSpec(search: string): MatrixSpec {
  const params = new URLSearchParams(search);
  const route = params.get('route') ?? '/';
  const devices = list(params.get('devices')).filter(isDeviceId);
  const profiles = list(params.get('profiles')).filter((p): p is HostProfile =>
    (HOST_PROFILES as readonly string[]).includes(p),
  );
  const clock = params.get('clock');
  return {
    // Each cell opens it as its phone's `?path=`: a path of the app or the app's start.
    route: parseAppPath(route.startsWith('/') ? route : `/${route}`) ?? '/',
    scenarios: list(params.get('scenarios')).filter((s) => SCENARIO_NAME.test(s)),
    devices: devices.length > 0 ? devices : ['android'],
    profiles: profiles.length > 0 ? profiles : ['lender'],
    clock: readClockParam(clock) ? clock : null,
  };
}

export function writeMatrixSpec(spec: MatrixSpec): string {
  const params = new URLSearchParams({
    view: 'matrix',
    route: spec.route,
    scenarios: spec.scenarios.join(','),
    devices: spec.devices.join(','),
    profiles: spec.profiles.join(','),
  });
  if (spec.clock) params.set('clock', spec.clock);
  return `?${params.toString()}`;
}

/** Every combination, scenario-major (a row per scenario), capped at MATRIX_MAX_CELLS. */
export function matrixCells(spec: MatrixSpec): MatrixCell[] {
  const cells: MatrixCell[] = [];
  const scenarios = spec.scenarios.length > 0 ? spec.scenarios : [''];
  for (const scenario of scenarios) {
    for (const device of spec.devices) {
      for (const profile of spec.profiles) {
        const preset = DEVICE_PRESETS[device];
        cells.push({
          key: `${cells.length}`,
          scenario,
          device,
          profile,
          label: [scenario || 'current scenario', preset.label, profile].join(' · '),
          // The phone's bezel (24) and the stage's padding and captions around it.
          width: preset.width + 24 + 48,
          height: preset.height + 24 + 96,
        });
      }
    }
  }
  return cells.slice(0, MATRIX_MAX_CELLS);
}

/** The harness page of one cell: a phone alone, in the world kept under the cell's key. */
export function cellUrl(cell: MatrixCell, route: string, clock?: string | null): string {
  const params = new URLSearchParams({
    cell: cell.key,
    profile: cell.profile,
    device: cell.device,
    path: route,
  });
  if (cell.scenario) params.set('scenario', cell.scenario);
  if (clock) params.set('clock', clock);
  return `harness.html?${params.toString()}`;
}

/** A file name for a cell's picture: `repaying__iphone__lender.png`. */
export function cellFileName(cell: MatrixCell): string {
  return `${[cell.scenario || 'current', cell.device, cell.profile].join('__')}.png`;
}
