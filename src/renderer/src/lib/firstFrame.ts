/**
 * The app's side of the first frame index.html may paint before the boot chunk has run
 * (src/renderer/inline/firstFrame.js): a layer with Home's kept headline, amount and main button
 * on a second open, or the Login form for a borrower signed out on the web, shown until React's
 * first screen commits. That screen takes it over (./firstFrameTakeOver.ts: removes it in the
 * commit that shows its own, keeps what was typed and makes a press made before again); any
 * other first page drops it. Either way no frame paints after that. Small on purpose: this part
 * is in the boot chunk.
 */

import type { HomeFrame } from './bootShapes';

export type FirstFrameKind = 'home' | 'login';
/** A press made on the painted frame before the app ran. */
export type FirstFramePress = 'main' | 'code' | 'login';

interface PaintedField {
  value: string;
  selectionStart?: number | null;
  selectionEnd?: number | null;
}

/** What the inline script leaves on `window.__firstFrame` once it painted. */
export interface PaintedFrame {
  kind: FirstFrameKind;
  press: FirstFramePress | null;
  layer: { remove(): void };
  fields?: Record<string, PaintedField>;
  /** Home: the headline, amount and main button it shows. */
  figures?: HomeFrame;
}

interface FirstFrameWindow {
  __firstFrame?: PaintedFrame | { done: true };
  /** Set when the inline script may paint: resolves once a frame it paints is on screen (bounded). */
  __firstFrameShown?: () => Promise<void>;
}

const scope = () => globalThis as FirstFrameWindow;

/**
 * Resolves once a frame the inline script paints is on screen, or at once when there is none:
 * the app's first render (a long task on a slow phone) then comes after that frame.
 */
export async function firstFrameOnScreen(): Promise<void> {
  await scope().__firstFrameShown?.();
}

/**
 * Removes the painted frame, if any, and keeps the inline script from painting one later;
 * answers the frame that was painted.
 */
export function endFirstFrame(): PaintedFrame | undefined {
  const frame = scope().__firstFrame;
  scope().__firstFrame = { done: true };
  if (!frame || !('layer' in frame)) return undefined;
  frame.layer.remove();
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
  const frame = scope().__firstFrame;
  if (!frame || !('layer' in frame)) return;
  if (pathname !== '/' && !(frame.kind === 'login' && pathname === '/login')) dropFirstFrame();
}
