/**
 * The fault lab of a world (`/__admin/faults`, src/shared/workbench.ts): armed faults, each for a
 * path or `*`, for `times` calls or until cleared. A fault waits for a call it can act on: a
 * `handshake-refused` armed on `*` passes over ordinary calls until the next handshake, a
 * `session-lost` over handshakes and plain calls until the next encrypted one.
 */
import { randomBytes } from 'node:crypto';
import {
  type ArmedFault,
  type FaultKind,
  type FaultSpec,
  MAX_ARMED_FAULTS,
} from '@shared/workbench';

/** A fault was armed past MAX_ARMED_FAULTS; nothing was armed. */
export class FaultLimitError extends Error {}

/** What kind of call a fault is offered: its kinds differ (a plain answer has no ciphertext). */
export type CallKind = 'handshake' | 'plain' | 'encrypted';

const ANY_CALL: readonly FaultKind[] = ['code', 'delay', 'timeout', 'drop'];
const KINDS_BY_CALL: Record<CallKind, ReadonlySet<FaultKind>> = {
  handshake: new Set([...ANY_CALL, 'handshake-refused', 'identity-change']),
  plain: new Set(ANY_CALL),
  encrypted: new Set([...ANY_CALL, 'corrupt', 'session-lost', 'replay', 'identity-change']),
};

/** Whether a fault of `kind` can act on a call of `call`. */
function appliesTo(kind: FaultKind, call: CallKind): boolean {
  return KINDS_BY_CALL[call].has(kind);
}

export class FaultTable {
  private armed: ArmedFault[] = [];

  /** Arms a fault; answers it with its id. Throws FaultLimitError past MAX_ARMED_FAULTS. */
  add(spec: FaultSpec): ArmedFault {
    if (this.armed.length >= MAX_ARMED_FAULTS) {
      throw new FaultLimitError(
        `${MAX_ARMED_FAULTS} faults are armed in this world, its limit: clear some (DELETE /__admin/faults)`,
      );
    }
    const fault: ArmedFault = {
      ...spec,
      id: `f-${randomBytes(5).toString('hex')}`,
      remaining: spec.times ?? null,
    };
    this.armed.push(fault);
    return { ...fault };
  }

  /** The first fault for this path that can act on this call, consuming one of its uses. */
  take(path: string, call: CallKind): ArmedFault | undefined {
    const hit = this.armed.find(
      (f) => (f.path === path || f.path === '*') && appliesTo(f.kind, call),
    );
    if (!hit) return undefined;
    if (hit.remaining !== null) {
      hit.remaining -= 1;
      if (hit.remaining <= 0) this.armed = this.armed.filter((f) => f !== hit);
    }
    return { ...hit };
  }

  list(): ArmedFault[] {
    return this.armed.map((f) => ({ ...f }));
  }

  /** Clears one fault; false when no such id is armed. */
  remove(id: string): boolean {
    const before = this.armed.length;
    this.armed = this.armed.filter((f) => f.id !== id);
    return this.armed.length < before;
  }

  clear(): number {
    const count = this.armed.length;
    this.armed = [];
    return count;
  }

  /** Takes over the armed faults of a snapshot (ids and remaining uses kept). */
  restore(faults: readonly ArmedFault[]): void {
    this.armed = faults
      .filter((f) => f.remaining === null || f.remaining > 0)
      .map((f) => ({ ...f }));
  }
}

/** Flips bits in the middle of a base64 ciphertext, keeping it valid base64. */
export function corruptBase64(body: string): string {
  const bytes = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  const at = Math.floor(bytes.length / 2);
  bytes[at] = (bytes[at] ?? 0) ^ 0x5a;
  return btoa(String.fromCharCode(...bytes));
}
