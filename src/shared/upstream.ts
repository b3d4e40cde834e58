/**
 * The mock server's upstream mode and its contract check (mock-server/upstream), typed once for
 * the server, the admin client (src/host/adminClient.ts) and the control panel. In upstream mode
 * a world's mock server is the Signal server toward the app and a Signal client toward another
 * backend (DESIGN.md §5 on both sides): it relays every product call and checks every answer
 * against the endpoint table's schemas (src/shared/api/endpoints.ts). Runs everywhere.
 */
import { ADMIN_PREFIX } from './workbench';
import { z } from './zod';

/** The admin paths of upstream mode; each acts on the world its request names. */
export const UPSTREAM_PATHS = {
  /** GET → UpstreamStatus · PUT {url} → UpstreamStatus · DELETE → UpstreamStatus (off). */
  upstream: `${ADMIN_PREFIX}/upstream`,
  /** POST → UpstreamStatus: pins the identity the upstream presents now (after a key rotation). */
  trust: `${ADMIN_PREFIX}/upstream/trust`,
  /** GET → ContractReport. */
  contractReport: `${ADMIN_PREFIX}/contract-report`,
} as const;

/**
 * - `off`: the world answers from its own scenario;
 * - `ready`: product calls go to the upstream (no call failed since the last one that worked);
 * - `failing`: the last relay got no usable answer (unreachable, timeout, refused handshake);
 * - `identity-changed`: the upstream presented another identity than the one pinned on first use;
 *   nothing is relayed until someone trusts the new one (`POST /__admin/upstream/trust`).
 */
const UPSTREAM_STATES = ['off', 'ready', 'failing', 'identity-changed'] as const;

export const upstreamStatusSchema = z.object({
  /** The upstream's origin, null when off. */
  url: z.nullable(z.string()),
  state: z.enum(UPSTREAM_STATES),
  /** The upstream identity pinned on first use (base64), null before the first handshake. */
  identityKey: z.nullable(z.string()),
  /** With `identity-changed`: the identity the upstream presents now. */
  presentedKey: z.optional(z.string()),
  /** For a person: what the state means and what to do. */
  message: z.string(),
  /** Product calls relayed so far. */
  calls: z.int().check(z.nonnegative()),
  /** Phones (app device ids) with an upstream session of their own. */
  phones: z.int().check(z.nonnegative()),
});
export type UpstreamStatus = z.infer<typeof upstreamStatusSchema>;

/**
 * What the app gets when the upstream gave no usable answer (unreachable, a refused handshake, its
 * identity changed): HTTP UPSTREAM_FAILURE_STATUS with this body. Not a product code, which the
 * app would act on (a failed user info signs the borrower out, PRODUCT.md §4), and not a protocol
 * error (which ends the secure channel): the relay failed, as a server that answers nothing
 * useful does, and the app says the server did not answer properly.
 */
export const UPSTREAM_FAILURE_STATUS = 502;
export interface UpstreamFailure {
  upstream: 'failing' | 'identity-changed';
  /** What failed and what to do, for a person (the panel, the traffic log). */
  message: string;
}

/** `PUT /__admin/upstream`: an http(s) origin (a path, query or credentials are refused). */
export const upstreamBodySchema = z.object({
  url: z.string().check(z.minLength(1), z.maxLength(300)),
});

// ---------------------------------------------------------------------------------------------
// Contract check

/**
 * How an upstream answer differs from the contract:
 * - `unknown-field`: a field the schema does not know (the app drops it);
 * - `missing-field`: a field the schema requires is absent;
 * - `wrong-type`: a field of another type (a string for a number, null for an object…);
 * - `wrong-value`: the right type out of the allowed values (an unknown enum member, a negative
 *   amount, a state code out of range);
 * - `unknown-code`: a product code src/shared/codes.ts does not name.
 */
const BREACH_KINDS = [
  'unknown-field',
  'missing-field',
  'wrong-type',
  'wrong-value',
  'unknown-code',
] as const;

/** One difference between an answer and its schema. Never a value: only where and what kind. */
const breachSchema = z.object({
  kind: z.enum(BREACH_KINDS),
  /** Where: `data.list[].dueTime` (`[]` stands for every element), `code` for an unknown code. */
  field: z.string(),
  /** What the schema expected, e.g. "expected number, got string". */
  detail: z.string(),
});
export type Breach = z.infer<typeof breachSchema>;

const reportedBreachSchema = z.extend(breachSchema, {
  /** Answers that had it. */
  count: z.int().check(z.positive()),
  firstAt: z.string(),
  lastAt: z.string(),
});

const contractPathSchema = z.object({
  host: z.string(),
  path: z.string(),
  /** Upstream answers of this path checked. */
  checked: z.int().check(z.nonnegative()),
  breaches: z.array(reportedBreachSchema),
});
export type ContractPath = z.infer<typeof contractPathSchema>;

/** `GET /__admin/contract-report`: every upstream answer of the world checked, per path. */
export const contractReportSchema = z.object({
  upstream: z.nullable(z.string()),
  /** Answers checked in all. */
  checked: z.int().check(z.nonnegative()),
  /** Distinct breaches (kind and field per path) in all. */
  breaches: z.int().check(z.nonnegative()),
  /** Paths checked, those with breaches first. */
  paths: z.array(contractPathSchema),
});
export type ContractReport = z.infer<typeof contractReportSchema>;

/** How a traffic log entry marks an answer that came from the upstream. */
export const upstreamMarkSchema = z.object({
  url: z.string(),
  /** The relay's own device id toward the upstream (never the app's). */
  deviceId: z.string(),
  /** Milliseconds the upstream took, handshakes and retries included. */
  ms: z.number(),
  /** How the answer breached the contract; empty when it kept it. */
  breaches: z.array(breachSchema),
});
export type UpstreamMark = z.infer<typeof upstreamMarkSchema>;
