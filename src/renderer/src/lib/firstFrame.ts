/**
 * The app's side of the first frame index.html may paint before the boot chunk has run
 * (src/renderer/inline/firstFrame.ts): a layer with Home's headline, amount and main button, or
 * the Login form for a borrower signed out on the web, shown until React's first screen commits.
 * That screen takes it over (./firstFrameTakeOver.ts: ends it in the commit that shows its own,
 * keeps what was typed, the focus, and makes a press made before again); any other first page
 * drops it. Either way no frame paints after that. Small on purpose: this part is in the boot
 * chunk.
 */

import { type PaintedFrame, startupPage } from './startupPage';

export type { FirstFrameKind, FirstFramePress, PaintedFrame } from './startupPage';

/**
 * Resolves once a frame the inline script paints is on screen, or at once when there is none:
 * the app's first render (a long task on a slow phone) then comes after that frame.
 */
export async function firstFrameOnScreen(): Promise<void> {
  await startupPage().firstFrameShown?.();
}

/**
 * Ends the painted frame, if any, and keeps the inline script from painting one later; answers
 * the frame that was painted.
 */
export function endFirstFrame(): PaintedFrame | undefined {
  const page = startupPage();
  const frame = page.firstFrame;
  page.firstFrame = { done: true };
  if (!frame || !('kind' in frame)) return undefined;
  frame.end();
  return frame;
}

/** The first page is not the one painted (or it crashed): the frame goes. */
export function dropFirstFrame(): void {
  endFirstFrame();
}

/**
 * The app shows `pathname` (a route path): a frame painted for another page goes. Home's stands
 * for the entry URL; Login's for it too (a borrower signed out there is sent to Login) and /login.
 */
export function leaveFirstFrameFor(pathname: string): void {
  const frame = startupPage().firstFrame;
  if (!frame || !('kind' in frame)) return;
  if (pathname !== '/' && !(frame.kind === 'login' && pathname === '/login')) dropFirstFrame();
}
