/**
 * A small strict parser for the few shapes checked at boot (`bootShapes.ts`), so the boot chunk
 * does without zod (~24 kB gzip, bench/README.md). It keeps zod's `safeParse` contract as far as the app
 * uses it: unknown keys are dropped, anything else that does not match is rejected with a path
 * and a reason. Everything after boot (API answers, feature forms) still parses with zod. Making
 * a shape has no side effect (the annotations say so to the bundler): a bundle keeps only the
 * shapes it uses (index.html's inline script reads one of ./bootShapes.ts).
 * Runs in the browser. Pure.
 */

/** One reason an input was rejected, as zod reports it. */
interface ShapeIssue {
  path: (string | number)[];
  message: string;
}

type SafeParseResult<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: ShapeIssue[] } };

/** What JsonStorage and loadAppConfig need of a schema (zod schemas fit too). */
export interface SafeParser<T> {
  safeParse(input: unknown): SafeParseResult<T>;
}

/** A shape: `check` returns the parsed value or throws a {@link Rejection}. */
export interface Shape<T> extends SafeParser<T> {
  check(input: unknown, path: (string | number)[]): T;
  /** Set on shapes made by {@link optional}: an absent key is left out of the object. */
  readonly optional?: true;
}

class Rejection extends Error {
  constructor(
    readonly path: (string | number)[],
    readonly reason: string,
  ) {
    super(reason);
  }
}

function shape<T>(check: Shape<T>['check'], extra: { optional?: true } = {}): Shape<T> {
  return {
    ...extra,
    check,
    safeParse(input) {
      try {
        return { success: true, data: check(input, []) };
      } catch (error) {
        if (!(error instanceof Rejection)) throw error;
        return { success: false, error: { issues: [{ path: error.path, message: error.reason }] } };
      }
    },
  };
}

function reject(path: (string | number)[], reason: string): never {
  throw new Rejection(path, reason);
}

function typeName(input: unknown): string {
  return input === null ? 'null' : Array.isArray(input) ? 'array' : typeof input;
}

/* @__NO_SIDE_EFFECTS__ */
export function string(limits: { min?: number; max?: number } = {}): Shape<string> {
  return shape((input, path) => {
    if (typeof input !== 'string') return reject(path, `expected string, got ${typeName(input)}`);
    if (limits.min !== undefined && input.length < limits.min) {
      return reject(path, `too short: expected at least ${limits.min} characters`);
    }
    if (limits.max !== undefined && input.length > limits.max) {
      return reject(path, `too long: expected at most ${limits.max} characters`);
    }
    return input;
  });
}

/**
 * A finite number; `int` means a safe integer (zod's `.int()`), `min`/`max` are inclusive,
 * `positive` excludes zero.
 */
/* @__NO_SIDE_EFFECTS__ */
export function number(
  rules: { int?: boolean; min?: number; max?: number; positive?: boolean } = {},
): Shape<number> {
  return shape((input, path) => {
    if (typeof input !== 'number' || !Number.isFinite(input)) {
      return reject(path, `expected number, got ${typeName(input)}`);
    }
    if (rules.int && !Number.isSafeInteger(input)) return reject(path, 'expected an integer');
    if (rules.positive && input <= 0) return reject(path, 'expected a number > 0');
    if (rules.min !== undefined && input < rules.min) {
      return reject(path, `expected a number >= ${rules.min}`);
    }
    if (rules.max !== undefined && input > rules.max) {
      return reject(path, `expected a number <= ${rules.max}`);
    }
    return input;
  });
}

export const boolean: Shape<boolean> = /* @__PURE__ */ shape((input, path) =>
  typeof input === 'boolean' ? input : reject(path, `expected boolean, got ${typeName(input)}`),
);

/** Exactly one of `values` (zod's `enum` / union of literals). */
/* @__NO_SIDE_EFFECTS__ */
export function oneOf<const V extends readonly (string | number)[]>(values: V): Shape<V[number]> {
  return shape((input, path) =>
    (values as readonly unknown[]).includes(input)
      ? (input as V[number])
      : reject(path, `expected one of ${values.map((v) => JSON.stringify(v)).join('|')}`),
  );
}

/** Anything (zod's `unknown`). */
export const unknown: Shape<unknown> = /* @__PURE__ */ shape((input) => input);

/* @__NO_SIDE_EFFECTS__ */
export function nullable<T>(inner: Shape<T>): Shape<T | null> {
  return shape((input, path) => (input === null ? null : inner.check(input, path)));
}

/** May be missing (or undefined); an absent key stays absent in the parsed object. */
/* @__NO_SIDE_EFFECTS__ */
export function optional<T>(inner: Shape<T>): Shape<T | undefined> {
  return shape((input, path) => (input === undefined ? undefined : inner.check(input, path)), {
    optional: true,
  });
}

/* @__NO_SIDE_EFFECTS__ */
export function array<T>(item: Shape<T>): Shape<T[]> {
  return shape((input, path) => {
    if (!Array.isArray(input)) return reject(path, `expected array, got ${typeName(input)}`);
    return input.map((value, index) => item.check(value, [...path, index]));
  });
}

/** String keys to values of one shape (zod's `record(z.string(), …)`). */
/* @__NO_SIDE_EFFECTS__ */
export function record<T>(value: Shape<T>): Shape<Record<string, T>> {
  return shape((input, path) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      return reject(path, `expected object, got ${typeName(input)}`);
    }
    const out: Record<string, T> = {};
    for (const [key, item] of Object.entries(input)) {
      // defineProperty: a "__proto__" key from JSON stays a plain key.
      Object.defineProperty(out, key, {
        value: value.check(item, [...path, key]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  });
}

/** A plain object with exactly these keys parsed (others are dropped, as zod does). */
/* @__NO_SIDE_EFFECTS__ */
export function object<T extends object>(props: { [K in keyof T]-?: Shape<T[K]> }): Shape<T> {
  const entries = Object.entries(props) as [string, Shape<unknown>][];
  return shape((input, path) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      return reject(path, `expected object, got ${typeName(input)}`);
    }
    const source = input as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, prop] of entries) {
      const value = prop.check(source[key], [...path, key]);
      if (!(prop.optional && value === undefined && !(key in source))) out[key] = value;
    }
    return out as T;
  });
}
