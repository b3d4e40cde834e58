/**
 * Keeps the server's Signal session records as objects between messages. The library's store
 * interface holds records as strings: every decrypt and every encrypt parses the stored JSON
 * (`SessionRecord.deserialize`, re-creating each key as an ArrayBuffer) and serializes it again
 * when done. Here `serialize` remembers which record object produced which string, and
 * `deserialize` of that very string hands the object back instead of parsing it.
 *
 * Safe because an entry is taken, not shared: `deserialize` removes it, so a message that fails
 * half-way (the library mutates the record before checking the MAC, and then does not store it)
 * leaves no mutated object behind; the next load of the stored string parses it afresh. A string
 * the store changed (pruning) simply misses. Bounded, so it never holds more than recent records.
 * Process-wide (it patches the library's class): for the server's own process, like nodeCrypto.
 */
import type { SessionRecord } from '@privacyresearch/libsignal-protocol-typescript/lib/session-record.js';

/** Hit and miss counts of the cache (tests, diagnostics). */
interface RecordCacheStats {
  hits: number;
  misses: number;
}

/**
 * Records kept (least recently serialized dropped first): the latest record of each of the 64
 * busiest sessions. A decoded record and its string take a few kB, and entries of sessions that
 * went away (a restart, an idle client) stay until pushed out, so the cache is kept small: with
 * 512 the soak's server heap grew 34 % instead of ~20 %. A miss only costs a parse.
 */
const RECORDS_KEPT = 64;

let installed: RecordCacheStats | undefined;

/** Installs the cache on the library's SessionRecord (once); returns its statistics. */
export async function installRecordCache(): Promise<RecordCacheStats> {
  if (installed) return installed;
  const module = await import(
    '@privacyresearch/libsignal-protocol-typescript/lib/session-record.js'
  );
  const Record = module.SessionRecord;
  if (installed) return installed;
  const stats: RecordCacheStats = { hits: 0, misses: 0 };
  installed = stats;
  const records = new Map<string, SessionRecord>();
  const serialize = Record.prototype.serialize;
  const deserialize = Record.deserialize;
  Record.prototype.serialize = function (this: SessionRecord): string {
    const serialized = serialize.call(this);
    records.delete(serialized);
    records.set(serialized, this);
    if (records.size > RECORDS_KEPT) records.delete(records.keys().next().value as string);
    return serialized;
  };
  Record.deserialize = (serialized: string): SessionRecord => {
    const record = records.get(serialized);
    if (record) {
      records.delete(serialized);
      stats.hits++;
      return record;
    }
    stats.misses++;
    return deserialize.call(Record, serialized);
  };
  return stats;
}
