/**
 * The app's side of the first frame index.html may paint before the boot chunk has run
 * (src/renderer/inline/firstFrame.js): a layer with Home's kept headline, amount and main button
 * on a second open, or the Login form for a borrower signed out on the web, shown until React's
 * first screen commits. That screen takes it over (removes it in the commit that shows its own,
 * keeps what was typed and makes a press made before again); any other first page drops it.
 * Either way no frame paints after that.
 */

export type FirstFrameKind = 'home' | 'login';
/** A press made on the painted frame before the app ran. */
export type FirstFramePress = 'main' | 'code' | 'login';

interface PaintedField {
  value: string;
  selectionStart?: number | null;
  selectionEnd?: number | null;
}

/** What the inline script leaves on `window.__firstFrame` once it painted. */
interface PaintedFrame {
  kind: FirstFrameKind;
  press: FirstFramePress | null;
  layer: { remove(): void };
  fields?: Record<string, PaintedField>;
}

interface FirstFrameWindow {
  __firstFrame?: PaintedFrame | { done: true };
  /** Set when the inline script may paint: settles once it painted or decided not to. */
  __firstFramePaint?: Promise<void>;
  document?: { activeElement: unknown };
}

/** What a screen takes over from the painted frame. */
export interface TakenFrame {
  press: FirstFramePress | null;
  /** Login: the typed values by field (areaCode, phone, code). */
  values: Record<string, string>;
  /** The field that had the focus, with its caret, to give the same field of the app. */
  focus?: { field: string; selectionStart: number | null; selectionEnd: number | null };
}

/** Longest wait for the inline script's decision (a host slow to give its token). */
const PAINT_DECISION_MS = 200;
/** Longest wait for the frame that shows the painted layer (no frames in a hidden tab). */
const PAINTED_FRAME_MS = 100;

const timeout = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function scope(): FirstFrameWindow {
  return globalThis as FirstFrameWindow;
}

function painted(): PaintedFrame | undefined {
  const frame = scope().__firstFrame;
  return frame && 'layer' in frame ? frame : undefined;
}

/**
 * Resolves once a frame the inline script paints is on screen, or at once when there is none:
 * the app's first render (a long task on a slow phone) then comes after that frame instead of
 * before it.
 */
export async function firstFrameOnScreen(): Promise<void> {
  const decision = scope().__firstFramePaint;
  if (!decision) return;
  await Promise.race([decision, timeout(PAINT_DECISION_MS)]);
  if (!painted()) return;
  await Promise.race([
    new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
    timeout(PAINTED_FRAME_MS),
  ]);
}

/**
 * Removes the painted frame, if any, and keeps the inline script from painting one later. A
 * frame of this `kind` is handed over: the press made on it, the typed values and the focus.
 */
export function takeFirstFrame(kind: FirstFrameKind): TakenFrame | undefined {
  const frame = painted();
  scope().__firstFrame = { done: true };
  if (!frame) return undefined;
  const focused = scope().document?.activeElement;
  frame.layer.remove();
  if (frame.kind !== kind) return undefined;
  const values: Record<string, string> = {};
  let focus: TakenFrame['focus'];
  for (const [name, field] of Object.entries(frame.fields ?? {})) {
    values[name] = field.value;
    if (field === focused) {
      focus = {
        field: name,
        selectionStart: field.selectionStart ?? null,
        selectionEnd: field.selectionEnd ?? null,
      };
    }
  }
  return { press: frame.press, values, ...(focus ? { focus } : {}) };
}

/** The first page is not the one painted (or it crashed): the frame goes. */
export function dropFirstFrame(): void {
  takeFirstFrame('home');
}

/** The pages each frame stands for (route paths, under the deployment base). */
const FRAME_PAGES: Record<FirstFrameKind, readonly string[]> = {
  home: ['/'],
  // A borrower signed out at the entry URL is sent to Login.
  login: ['/', '/login'],
};

/** The app shows `pathname`: a frame painted for another page goes. */
export function leaveFirstFrameFor(pathname: string): void {
  const frame = painted();
  if (frame && !FRAME_PAGES[frame.kind].includes(pathname)) dropFirstFrame();
}
