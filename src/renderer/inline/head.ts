/**
 * index.html's inline script in <head> (bundled into it by scripts/preloadFirstNeedsPlugin.ts,
 * on the browser floor, with the build's values): the startup decision, made once for the whole
 * page (services/startupDecision.ts), then the first needs' preloads and the early session
 * (./firstNeeds.ts), then the first frame (./firstFrame.ts). What it leaves for the app is in one
 * record, `window.__dlStartup` (lib/startupPage.ts).
 */
import { startupPage } from '@renderer/lib/startupPage';
import { decideStartup, type StartupWindow } from '@renderer/services/startupDecision';
import { type FirstFrameNeeds, type FramePageWindow, paintFirstFrame } from './firstFrame';
import { type FirstNeedsLists, preloadFirstNeeds } from './firstNeeds';

/** What the build knows: the first needs' files, the early session's entry, the frames' styles. */
export interface HeadValues {
  preloads: FirstNeedsLists;
  sessionEntry: string;
  frame: FirstFrameNeeds;
}

export function run(win: StartupWindow & FramePageWindow, values: HeadValues): void {
  const page = startupPage(win);
  const decision = decideStartup(win);
  page.decision = decision;
  preloadFirstNeeds(win, decision, values.preloads, values.sessionEntry);
  paintFirstFrame(win, values.frame);
}
