/** The slider-puzzle geometry (PRODUCT.md §2: default 280 × 180). Pure. */
export const PUZZLE_WIDTH = 280;
export const PUZZLE_HEIGHT = 180;
export const PIECE_SIZE = 44;
/** How far off (px) a dropped piece may be and still fit. */
const FIT_TOLERANCE = 6;

export interface PuzzleTarget {
  x: number;
  y: number;
}

/** A hole far enough right that the piece must be dragged, fully inside the picture. */
export function randomTarget(
  random: () => number = Math.random,
  width = PUZZLE_WIDTH,
  height = PUZZLE_HEIGHT,
): PuzzleTarget {
  const minX = PIECE_SIZE + 20;
  const maxX = width - PIECE_SIZE - 8;
  const maxY = height - PIECE_SIZE - 8;
  return {
    x: Math.round(minX + random() * (maxX - minX)),
    y: Math.round(8 + random() * (maxY - 8)),
  };
}

export function pieceFits(dropX: number, target: PuzzleTarget, tolerance = FIT_TOLERANCE): boolean {
  return Math.abs(dropX - target.x) <= tolerance;
}

/** Keeps the piece inside the picture. */
export function clampDrag(x: number, width = PUZZLE_WIDTH): number {
  return Math.min(width - PIECE_SIZE, Math.max(0, x));
}
