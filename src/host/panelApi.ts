/**
 * The control panel's view of the host: one small typed API that the harness implements in-page
 * and the Electron panel window reaches through its preload (channels `panel:*`). Actions are
 * parsed with `panelActionSchema` wherever they cross a boundary.
 */

import { BRIDGE_EVENTS } from '@shared/bridge';
import { z } from '@shared/zod';
import type { ScenarioList, TrafficEntry } from './adminClient';
import type { HostCore } from './HostCore';
import { missingCaseError } from '@shared/missingCaseError';
import { settingsPatchSchema } from './settingsPatch';
import type { HostSnapshot } from './types';
import type { WorkbenchCall, WorkbenchResult } from './workbench';

/** Longest an answer may be held back (a slow native sheet or wallet). */
export const MAX_ANSWER_DELAY_MS = 60_000;
const delayMs = z.optional(z.int().check(z.gte(0), z.lte(MAX_ANSWER_DELAY_MS)));
const decisionSchema = z.discriminatedUnion('answer', [
  z.object({ answer: z.literal('ok'), data: z.optional(z.unknown()), delayMs }),
  z.object({ answer: z.literal('cancel'), delayMs }),
  z.object({
    answer: z.literal('fail'),
    message: z.optional(z.string().check(z.maxLength(500))),
    delayMs,
  }),
]);

export const panelActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('updateSettings'), patch: settingsPatchSchema }),
  z.object({
    type: z.literal('selectScenario'),
    name: z.string().check(z.minLength(1), z.maxLength(100)),
  }),
  z.object({ type: z.literal('reset') }),
  z.object({ type: z.literal('reload') }),
  z.object({ type: z.literal('reopen') }),
  z.object({ type: z.literal('answer'), requestId: z.string(), decision: decisionSchema }),
  z.object({ type: z.literal('sendEvent'), event: z.enum(BRIDGE_EVENTS) }),
  z.object({ type: z.literal('dismissSurface'), id: z.string() }),
  z.object({ type: z.literal('clearCalls') }),
  /** Clears the timeline's host side (calls and notes); the server's log is the world's own. */
  z.object({ type: z.literal('clearTimeline') }),
  /** Electron only: opens the app window's DevTools (the harness ignores it). */
  z.object({ type: z.literal('openDevTools') }),
  /** Electron only (menu): exports a repro bundle to a file the developer picks. */
  z.object({ type: z.literal('saveBundle') }),
  /** Electron only (menu): imports a repro bundle from a file the developer picks. */
  z.object({ type: z.literal('openBundle') }),
  /** Electron only (menu): shows the control panel window, opened again if it was closed. */
  z.object({ type: z.literal('showPanel') }),
]);
export type PanelAction = z.infer<typeof panelActionSchema>;

export type PanelResult = { ok: true } | { ok: false; error: string };

/** What the panel UI talks to. */
export interface PanelApi {
  /** Calls the listener with the current snapshot, then after every change. */
  watch(listener: (snapshot: HostSnapshot) => void): () => void;
  dispatch(action: PanelAction): Promise<PanelResult>;
  scenarios(): Promise<ScenarioList>;
  /** The mock server's decrypted traffic log, newest last. */
  traffic(limit: number): Promise<TrafficEntry[]>;
  /** The QA workbench of the phone's world: faults, clock, repro bundles. */
  workbench<C extends WorkbenchCall>(call: C): Promise<WorkbenchResult<C['op']>>;
  /** Where the panel runs: the harness also shows the phone frame. */
  readonly runtime: 'harness' | 'electron';
}

/** What the Electron panel preload exposes as `window.simulatorPanel` (raw IPC, async). */
export interface SimulatorPanelBridge {
  snapshot(): Promise<HostSnapshot>;
  onChange(listener: (snapshot: HostSnapshot) => void): () => void;
  dispatch(action: PanelAction): Promise<PanelResult>;
  scenarios(): Promise<ScenarioList>;
  traffic(limit: number): Promise<TrafficEntry[]>;
  workbench(call: WorkbenchCall): Promise<WorkbenchResult>;
}

export { PANEL_IPC } from './panelChannels';

/** Applies a parsed panel action to the host (both runtimes share this). */
export async function applyPanelAction(host: HostCore, action: PanelAction): Promise<void> {
  switch (action.type) {
    case 'updateSettings':
      return host.updateSettings(action.patch);
    case 'selectScenario':
      return host.selectScenario(action.name);
    case 'reset':
      return host.reset();
    case 'reload':
      return host.reload();
    case 'reopen':
      return host.reopen();
    case 'answer':
      host.answer(action.requestId, action.decision);
      return;
    case 'sendEvent':
      return host.sendEvent(action.event);
    case 'dismissSurface':
      return host.dismissSurface(action.id);
    case 'clearCalls':
      return host.clearCalls();
    case 'clearTimeline':
      return host.clearTimeline();
    case 'openDevTools':
    case 'saveBundle':
    case 'openBundle':
    case 'showPanel':
      return;
    default:
      throw missingCaseError(action);
  }
}
