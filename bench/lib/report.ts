/**
 * Figures of `npm run bench`: each measured value with its unit and, when it has one, its
 * goal. Prints the table and builds `bench/results.json`.
 */
import { round } from './stats';

/** A goal: the value must be at most (`<=`) or at least (`>=`) the limit. */
interface Goal {
  op: '<=' | '>=';
  limit: number;
}

/** One measured figure. */
export interface Figure {
  section: string;
  name: string;
  /** NaN when it could not be measured (then `note` says why). */
  value: number;
  unit: string;
  goal?: Goal;
  note?: string;
}

export type Verdict = 'pass' | 'short' | 'n/a' | 'error';

export function verdictOf(figure: Figure): Verdict {
  if (Number.isNaN(figure.value)) return 'error';
  if (!figure.goal) return 'n/a';
  const { op, limit } = figure.goal;
  const ok = op === '<=' ? figure.value <= limit : figure.value >= limit;
  return ok ? 'pass' : 'short';
}

function formatValue(value: number): string {
  if (Number.isNaN(value)) return '—';
  if (Math.abs(value) >= 100) return String(Math.round(value));
  return String(round(value, 2));
}

/** The table as text, one row per figure, grouped by section. */
export function formatTable(figures: readonly Figure[]): string {
  const rows = figures.map((f) => [
    f.section,
    f.name,
    `${formatValue(f.value)} ${f.unit}`.trim(),
    f.goal ? `${f.goal.op} ${f.goal.limit} ${f.unit}`.trim() : '',
    verdictOf(f),
    f.note ?? '',
  ]);
  const header = ['section', 'figure', 'value', 'goal', 'verdict', 'note'];
  const widths = header.map((h, i) =>
    Math.min(72, Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length))),
  );
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The JSON written to bench/results.json. */
export function resultsJson(figures: readonly Figure[], extra: Record<string, unknown>): string {
  return `${JSON.stringify(
    {
      ...extra,
      figures: figures.map((f) => ({
        section: f.section,
        name: f.name,
        value: Number.isNaN(f.value) ? null : round(f.value, 3),
        unit: f.unit,
        goal: f.goal ?? null,
        verdict: verdictOf(f),
        ...(f.note ? { note: f.note } : {}),
      })),
    },
    null,
    2,
  )}\n`;
}
