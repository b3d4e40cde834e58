/**
 * A screen taking over the first frame index.html painted for it (./firstFrame.ts,
 * src/renderer/inline/firstFrame.ts): the press made on it, the typed values and the focus.
 * Apart from ./firstFrame.ts so that only the screens that take a frame carry this.
 */
import type { HomeFrame } from './bootShapes';
import { endFirstFrame, type FirstFrameKind, type FirstFramePress } from './firstFrame';

/** What a screen takes over from the painted frame. */
export interface TakenFrame {
  press: FirstFramePress | null;
  /** Login: the typed values by field (areaCode, phone, code). */
  values: Record<string, string>;
  /**
   * The part that had the focus (a field with its caret, or a button), to give the same part of
   * the screen: the borrower's place is kept, never dropped on the page's body.
   */
  focus?: { part: string; selectionStart: number | null; selectionEnd: number | null };
  /** Home: the figures it showed, this session's, to stand in until Home has its own. */
  figures?: HomeFrame;
}

/**
 * Ends the painted frame, if any, and keeps the inline script from painting one later. A frame
 * of this `kind` is handed over: the press made on it, the typed values and the focus.
 */
export function takeFirstFrame(kind: FirstFrameKind): TakenFrame | undefined {
  const focused = (globalThis as { document?: { activeElement: unknown } }).document?.activeElement;
  const frame = endFirstFrame();
  if (frame?.kind !== kind) return undefined;
  const values: Record<string, string> = {};
  for (const name of frame.fields ?? []) values[name] = frame.parts[name]?.value ?? '';
  let focus: TakenFrame['focus'];
  for (const [name, part] of Object.entries(frame.parts)) {
    if (part !== focused) continue;
    focus = {
      part: name,
      selectionStart: part.selectionStart ?? null,
      selectionEnd: part.selectionEnd ?? null,
    };
  }
  return {
    press: frame.press,
    values,
    ...(focus ? { focus } : {}),
    ...(frame.figures ? { figures: frame.figures } : {}),
  };
}

/**
 * Gives the focus the painted frame had to the screen's part of the same name (with the caret,
 * in a field). True once done, or when there is nothing to do: the frame had no focus, or the
 * borrower has already put it elsewhere. False while that part cannot take it yet (not rendered,
 * or disabled while the first route loads): the screen tries again on its next render.
 */
export function restoreFocus(
  focus: TakenFrame['focus'],
  parts: Record<string, { current: HTMLElement | null }>,
): boolean {
  if (!focus) return true;
  const active = document.activeElement;
  if (active && active !== document.body) return true;
  const target = parts[focus.part]?.current;
  if (!target) return false;
  target.focus();
  if (document.activeElement !== target) return false;
  if (target instanceof HTMLInputElement && focus.selectionStart !== null) {
    target.setSelectionRange(focus.selectionStart, focus.selectionEnd);
  }
  return true;
}
