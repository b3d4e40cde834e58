/**
 * A screen taking over the first frame index.html painted for it (./firstFrame.ts,
 * src/renderer/inline/firstFrame.js): the press made on it, the typed values and the focus.
 * Apart from ./firstFrame.ts so that only the screens that take a frame carry this.
 */
import type { HomeFrame } from './bootShapes';
import { endFirstFrame, type FirstFrameKind, type FirstFramePress } from './firstFrame';

/** What a screen takes over from the painted frame. */
export interface TakenFrame {
  press: FirstFramePress | null;
  /** Login: the typed values by field (areaCode, phone, code). */
  values: Record<string, string>;
  /** The field that had the focus, with its caret, to give the same field of the app. */
  focus?: { field: string; selectionStart: number | null; selectionEnd: number | null };
  /** Home: the figures it showed, this session's, to stand in until Home has its own. */
  figures?: HomeFrame;
}

/**
 * Removes the painted frame, if any, and keeps the inline script from painting one later. A
 * frame of this `kind` is handed over: the press made on it, the typed values and the focus.
 */
export function takeFirstFrame(kind: FirstFrameKind): TakenFrame | undefined {
  const focused = (globalThis as { document?: { activeElement: unknown } }).document?.activeElement;
  const frame = endFirstFrame();
  if (frame?.kind !== kind) return undefined;
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
  return {
    press: frame.press,
    values,
    ...(focus ? { focus } : {}),
    ...(frame.figures ? { figures: frame.figures } : {}),
  };
}
