/**
 * The server's traffic log as the lane reads it (the admin API keeps the newest 500 entries):
 * what a page called since a point, and when it stopped calling.
 */
import type { LogEntry, MockAdmin } from '@tests/support/mock-server/servedSpa';

const HANDSHAKE_PATH = 'config/getServicePublicKey';

/** Quiet this long: a page's calls are over (its effects start them in rounds, with short gaps). */
const QUIET_MS = 1_200;

export class TrafficSince {
  private readonly entries = new Map<number, LogEntry>();
  private constructor(
    private readonly admin: MockAdmin,
    private readonly after: number,
  ) {}

  /** Counts from the newest entry logged so far. */
  static async now(admin: MockAdmin): Promise<TrafficSince> {
    return new TrafficSince(admin, (await admin.log(1)).at(-1)?.id ?? 0);
  }

  /** Reads the entries logged since the last read; answers the newest id. */
  async update(): Promise<number> {
    const log = await this.admin.log(500);
    for (const entry of log) if (entry.id > this.after) this.entries.set(entry.id, entry);
    return log.at(-1)?.id ?? this.after;
  }

  /** Resolves once nothing new was logged for QUIET_MS. */
  async quiet(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let newest = await this.update();
    let since = Date.now();
    while (Date.now() - since < QUIET_MS) {
      if (Date.now() > deadline)
        throw new Error(`the page kept calling the API for ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const now = await this.update();
      if (now !== newest) {
        newest = now;
        since = Date.now();
      }
    }
  }

  /** Polls until an entry matches; throws with the paths seen after the timeout. */
  async until(what: string, match: (entry: LogEntry) => boolean, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.update();
      if (this.list.some(match)) return;
      if (Date.now() > deadline) {
        throw new Error(`no ${what} within ${timeoutMs} ms (${this.summary()})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** What the page called and reported to Sentry: the story of a page that got stuck. */
  summary(): string {
    const paths = this.list.map((entry) => entry.path).join(', ') || 'nothing';
    const reports = this.list.filter((entry) => entry.host === 'sentry').map(sentryText);
    return `calls: ${paths}${reports.length > 0 ? `; Sentry: ${reports.join(' | ')}` : ''}`;
  }

  get list(): LogEntry[] {
    return [...this.entries.values()];
  }

  get encryptedCalls(): number {
    return this.list.filter((entry) => entry.encrypted).length;
  }

  get handshakes(): number {
    return this.list.filter((entry) => entry.path === HANDSHAKE_PATH).length;
  }

  /** Encrypted calls the server refused (not HTTP 200). */
  get refused(): number {
    return this.list.filter((entry) => entry.encrypted && entry.status !== 200).length;
  }
}

/** A Sentry envelope's exceptions as `type: value` (the sink logs the parsed envelope). */
function sentryText(entry: LogEntry): string {
  const items = (entry.request.data as { items?: { payload?: unknown }[] } | null)?.items ?? [];
  const exceptions = items.flatMap((item) => {
    const values = (
      item.payload as { exception?: { values?: { type?: string; value?: string }[] } }
    )?.exception?.values;
    return (values ?? []).map((value) => `${value.type ?? 'Error'}: ${value.value ?? ''}`);
  });
  return exceptions.length > 0
    ? exceptions.join(' ← ')
    : JSON.stringify(entry.request.data).slice(0, 200);
}
