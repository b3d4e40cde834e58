/**
 * The contract check of upstream mode (src/shared/upstream.ts): how one upstream answer differs
 * from the endpoint table (src/shared/api/endpoints.ts) — fields the schema does not know, fields
 * it requires that are missing, wrong types and values, product codes src/shared/codes.ts does
 * not name. The app parses answers with the same schemas, which drop unknown fields and refuse
 * the rest: a breach here is what the app would silently lose or fail on.
 *
 * Unknown fields are found by comparing the answer with what the schema made of it (zod objects
 * keep only the fields they know), so the check needs no walk over schema internals; an answer
 * that fails its schema is reported by its issues, and its unknown fields once it parses.
 */
import type { EndpointDef, ProductAnswer } from '@shared/api/endpoints';
import { OK, ServerCode } from '@shared/codes';
import type { Breach } from '@shared/upstream';

/** Product codes a backend may answer: every code the contract names. */
const KNOWN_CODES: ReadonlySet<number> = new Set(Object.values(ServerCode));

/** Most breaches reported for one answer (a list of 500 rows with one new field is one breach). */
const MAX_BREACHES = 50;

interface Issue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly expected?: string;
  readonly keys?: readonly string[];
  readonly values?: readonly unknown[];
  readonly errors?: readonly (readonly Issue[])[];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `data.list[].dueTime`: every array index is `[]`, so one field breached in 20 rows is one. */
function fieldOf(path: readonly PropertyKey[]): string {
  let out = 'data';
  for (const part of path) out += typeof part === 'number' ? '[]' : `.${String(part)}`;
  return out;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

/** Fields of `sent` that the parsed `kept` lost: the ones the schema does not know. */
function unknownFields(
  sent: unknown,
  kept: unknown,
  path: PropertyKey[],
  out: Map<string, Breach>,
): void {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    sent.forEach((item, i) => {
      unknownFields(item, kept[i], [...path, i], out);
    });
    return;
  }
  if (!isPlainObject(sent) || !isPlainObject(kept)) return;
  for (const [key, value] of Object.entries(sent)) {
    const field = fieldOf([...path, key]);
    if (!(key in kept)) {
      if (!out.has(field)) {
        out.set(field, {
          kind: 'unknown-field',
          field,
          detail: `not in the contract (${typeName(value)})`,
        });
      }
    } else {
      unknownFields(value, kept[key], [...path, key], out);
    }
  }
}

/** The breach a schema issue stands for. */
function breachOfIssue(issue: Issue, data: unknown): Breach[] {
  const field = fieldOf(issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      const value = valueAt(data, issue.path);
      if (value === undefined) {
        return [{ kind: 'missing-field', field, detail: `required ${issue.expected ?? 'field'}` }];
      }
      const detail = `expected ${issue.expected ?? 'another type'}, got ${typeName(value)}`;
      return [{ kind: 'wrong-type', field, detail }];
    }
    case 'unrecognized_keys':
      return (issue.keys ?? []).map((key) => ({
        kind: 'unknown-field' as const,
        field: fieldOf([...issue.path, key]),
        detail: 'not in the contract',
      }));
    case 'invalid_union': {
      // A union of literals (a state code) refused a value of the right type: a wrong value.
      const branches = issue.errors ?? [];
      const allowed = branches.flatMap((branch) =>
        branch.length === 1 && branch[0]?.code === 'invalid_value' ? (branch[0].values ?? []) : [],
      );
      if (allowed.length === branches.length && allowed.length > 0) {
        return [
          {
            kind: 'wrong-value',
            field,
            detail: `expected one of ${allowed.map(String).join('|')}`,
          },
        ];
      }
      const value = valueAt(data, issue.path);
      return [
        { kind: 'wrong-type', field, detail: `matches no allowed shape (${typeName(value)})` },
      ];
    }
    default:
      return [{ kind: 'wrong-value', field, detail: issue.message }];
  }
}

/**
 * How `answer`, an upstream's answer to `def`, breaches the contract: its code, and for a 200 its
 * data against the endpoint's response schema. Empty when it keeps the contract. Breaches name
 * fields and kinds, never values (the report must not carry a borrower's data).
 */
export function contractBreaches(def: EndpointDef, answer: ProductAnswer): Breach[] {
  const breaches: Breach[] = [];
  if (!KNOWN_CODES.has(answer.code)) {
    breaches.push({
      kind: 'unknown-code',
      field: 'code',
      detail: `code ${answer.code} is not one of src/shared/codes.ts`,
    });
  }
  if (answer.code !== OK) return breaches;
  const parsed = def.response.safeParse(answer.data);
  if (parsed.success) {
    const unknown = new Map<string, Breach>();
    unknownFields(answer.data, parsed.data, [], unknown);
    breaches.push(...unknown.values());
  } else {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues as readonly Issue[]) {
      for (const breach of breachOfIssue(issue, answer.data)) {
        const key = `${breach.kind} ${breach.field}`;
        if (seen.has(key)) continue;
        seen.add(key);
        breaches.push(breach);
      }
    }
  }
  return breaches.slice(0, MAX_BREACHES);
}
