/**
 * The app's side of the first frame index.html may paint on a second open
 * (src/renderer/inline/firstFrame.js): a layer with Home's kept headline, amount and main button,
 * shown until React's first page commits. Home takes it over (removes it in the commit that
 * shows its own, and presses the main button again when the borrower pressed it before); any
 * other first page drops it. Either way no frame paints after that.
 */

/** What the inline script leaves on `window.__firstFrame` once it painted. */
interface PaintedFrame {
  tapped: boolean;
  layer: { remove(): void };
}

interface FirstFrameWindow {
  __firstFrame?: PaintedFrame | { done: true };
  /** Set when the inline script may paint: settles once it painted or decided not to. */
  __firstFramePaint?: Promise<void>;
}

/** Longest wait for the inline script's decision (a host slow to give its token). */
const PAINT_DECISION_MS = 200;
/** Longest wait for the frame that shows the painted layer (no frames in a hidden tab). */
const PAINTED_FRAME_MS = 100;

const timeout = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once a kept first frame the inline script paints is on screen, or at once when there
 * is none: the app's first render (a long task on a slow phone) then comes after that frame
 * instead of before it.
 */
export async function firstFrameOnScreen(): Promise<void> {
  const decision = scope().__firstFramePaint;
  if (!decision) return;
  await Promise.race([decision, timeout(PAINT_DECISION_MS)]);
  const painted = scope().__firstFrame;
  if (!painted || !('layer' in painted)) return;
  await Promise.race([
    new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
    timeout(PAINTED_FRAME_MS),
  ]);
}

function scope(): FirstFrameWindow {
  return globalThis as FirstFrameWindow;
}

/**
 * Removes the painted frame, if any, and keeps the inline script from painting one later.
 * Answers whether the borrower pressed its main button.
 */
export function takeFirstFrame(): { tapped: boolean } {
  const win = scope();
  const painted = win.__firstFrame;
  win.__firstFrame = { done: true };
  if (!painted || !('layer' in painted)) return { tapped: false };
  painted.layer.remove();
  return { tapped: painted.tapped };
}

/** The first page is another screen than Home: the frame goes, a press on it did not lead anywhere yet. */
export function dropFirstFrame(): void {
  takeFirstFrame();
}
