/**
 * Injected faults of the admin API (`POST /__admin/faults`): a product code, latency, or a
 * corrupted ciphertext in the answer, for a path (or `*` for every path).
 */
import { z } from 'zod';

export const faultSchema = z
  .object({
    /** Endpoint path without host prefix (e.g. `user/userInfo`), or `*` for every path. */
    path: z.string().min(1).max(200),
    /** Product code to answer instead of calling the domain. */
    code: z.number().int().optional(),
    message: z.string().max(500).optional(),
    /**
     * The answer's data with `code` (a hostile or unusual backend, e.g. a link no real server
     * should send); without it a product code answers `data: null`.
     */
    data: z.unknown().optional(),
    /** Delay before answering, ms. */
    delayMs: z.number().int().min(0).max(120_000).optional(),
    /** How many calls it applies to; omitted = every call until `DELETE /__admin/faults`. */
    times: z.number().int().positive().optional(),
    /** Corrupt the encrypted answer's ciphertext (encrypted endpoints only). */
    corrupt: z.boolean().optional(),
  })
  .strict();
export type Fault = z.infer<typeof faultSchema>;

interface Armed {
  fault: Fault;
  remaining: number;
}

export class FaultTable {
  private armed: Armed[] = [];

  add(fault: Fault): void {
    this.armed.push({ fault, remaining: fault.times ?? Number.POSITIVE_INFINITY });
  }

  /** The first fault matching the path, consuming one of its uses. */
  take(path: string): Fault | undefined {
    const hit = this.armed.find((a) => a.fault.path === path || a.fault.path === '*');
    if (!hit) return undefined;
    hit.remaining -= 1;
    if (hit.remaining <= 0) this.armed = this.armed.filter((a) => a !== hit);
    return hit.fault;
  }

  list(): Fault[] {
    return this.armed.map((a) => a.fault);
  }

  clear(): number {
    const count = this.armed.length;
    this.armed = [];
    return count;
  }
}

/** Flips bits in the middle of a base64 ciphertext, keeping it valid base64. */
export function corruptBase64(body: string): string {
  const bytes = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  const at = Math.floor(bytes.length / 2);
  bytes[at] = (bytes[at] ?? 0) ^ 0x5a;
  return btoa(String.fromCharCode(...bytes));
}
