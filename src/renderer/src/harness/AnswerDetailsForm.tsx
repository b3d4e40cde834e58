/**
 * The optional details of an interactive answer: what a real native sheet or wallet can do that a
 * plain OK / Cancel / Fail cannot — return other data, fail with its own message, answer late.
 */
import { MAX_ANSWER_DELAY_MS } from '@host/panelApi';
import type { InteractiveMethod } from '@host/types';

export interface AnswerDetails {
  /** JSON the OK answer returns as `data` instead of the default ('' = the default). */
  data: string;
  /** Fail's message ('' = the host's default). */
  message: string;
  /** Milliseconds before the answer reaches the page. */
  delayMs: number;
}

export const NO_DETAILS: AnswerDetails = { data: '', message: '', delayMs: 0 };

type CustomData = { kind: 'none' } | { kind: 'data'; value: unknown } | { kind: 'invalid' };

/** The OK data typed by the developer: none, a JSON value, or not JSON (OK is then disabled). */
export function parseCustomData(text: string): CustomData {
  if (!text.trim()) return { kind: 'none' };
  try {
    return { kind: 'data', value: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'invalid' };
  }
}

/**
 * The example in the OK data field: what this method's OK really returns (DESIGN.md §4), so the
 * field suggests a change of it, not another method's answer.
 */
export function okDataPlaceholder(method: InteractiveMethod): string {
  if (method === 'pickAccount') return 'e.g. {"payeeId":"P-9","payeeLabel":"BDO •••• 9"}';
  return `${method} answers OK with null; e.g. {"unexpected":true} to see the page cope`;
}

interface Props {
  method: InteractiveMethod;
  details: AnswerDetails;
  invalid: boolean;
  onChange(details: AnswerDetails): void;
}

export function AnswerDetailsForm({ method, details, invalid, onChange }: Props) {
  return (
    <details className="sim-sheet__details">
      <summary>Answer details</summary>
      <label className="sim-sheet__field">
        OK returns data (JSON)
        <textarea
          rows={2}
          value={details.data}
          aria-invalid={invalid}
          placeholder={okDataPlaceholder(method)}
          onChange={(e) => onChange({ ...details, data: e.target.value })}
        />
      </label>
      {invalid ? <p className="sim-sheet__error">Not JSON: OK is off until it parses.</p> : null}
      <label className="sim-sheet__field">
        Fail message
        <input
          value={details.message}
          maxLength={500}
          placeholder="Failed in the native app"
          onChange={(e) => onChange({ ...details, message: e.target.value })}
        />
      </label>
      <label className="sim-sheet__field">
        Answer after (ms)
        <input
          type="number"
          min={0}
          max={MAX_ANSWER_DELAY_MS}
          step={100}
          value={details.delayMs}
          onChange={(e) =>
            onChange({
              ...details,
              delayMs: Math.min(MAX_ANSWER_DELAY_MS, Math.max(0, Number(e.target.value) || 0)),
            })
          }
        />
      </label>
    </details>
  );
}
