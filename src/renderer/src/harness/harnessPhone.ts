/**
 * The harness phone's own parts the workbench reads and restores (src/host/workbench.ts): its
 * route, as the phone frame reports it, and the app's localStorage in its world and profile.
 * A phone on this page's origin keeps it under a namespace of this page's localStorage; a phone
 * on its own origin (phoneOrigin.ts) keeps it there, reached through its relay: read on request,
 * and a restored bundle's storage handed to the relay of that profile before the app loads.
 */
import type { HostCore } from '@host/HostCore';
import type { PhoneAccess } from '@host/workbench';
import { phoneOrigin } from '@shared/phoneOrigin';
import { NamespacedStorage, storagePrefix } from './phoneRealm';
import type { RelayConnection } from './phoneRelayClient';

export class HarnessPhone implements PhoneAccess {
  private current: string;
  private readonly openers = new Set<(path: string) => void>();
  /** The relay of the phone on its own origin, while one is shown. */
  private relay: RelayConnection | null = null;
  /** Storage to start the next app of `profile` on its own origin with. */
  private pendingStorage: { profile: string; entries: Record<string, string> } | null = null;

  constructor(
    private readonly host: HostCore,
    private readonly world: string,
    initialPath: string,
    /** The phone lives on its own origin per profile (phoneOrigin.ts) wherever it can. */
    private readonly ownOrigins = false,
  ) {
    this.current = initialPath;
  }

  /** The phone frame moved to `path`. */
  setPath(path: string): void {
    this.current = path;
  }

  path(): string {
    return this.current;
  }

  async readStorage(): Promise<Record<string, string>> {
    if (this.ownOriginOf(this.host.getSnapshot().settings.profile)) {
      return (await this.relay?.readStorage()) ?? {};
    }
    const storage = this.storageOf(this.host.getSnapshot().settings.profile);
    const entries: Record<string, string> = {};
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      const value = key === null ? null : storage.getItem(key);
      if (key !== null && value !== null) entries[key] = value;
    }
    return entries;
  }

  async writeStorage(profile: string, entries: Record<string, string>): Promise<void> {
    if (this.ownOriginOf(profile)) {
      this.pendingStorage = { profile, entries: { ...entries } };
      return;
    }
    const storage = this.storageOf(profile);
    storage.clear();
    for (const [key, value] of Object.entries(entries)) storage.setItem(key, value);
  }

  open(path: string): void {
    this.current = path;
    for (const opener of this.openers) opener(path);
  }

  /** The phone stage listens: `open` loads that route in the phone. */
  onOpen(listener: (path: string) => void): () => void {
    this.openers.add(listener);
    return () => this.openers.delete(listener);
  }

  /**
   * The origin of the phone in `profile` (behind its relay), or null where it shares this page's
   * origin: `?phone=shared`, a harness not on http loopback, a world id that is not a DNS label.
   */
  ownOriginOf(profile: string): string | null {
    return this.ownOrigins ? phoneOrigin(window.location.origin, this.world, profile) : null;
  }

  /** The phone stage shows (or, with null, stops showing) a relay. */
  attachRelay(relay: RelayConnection | null): void {
    this.relay = relay;
  }

  /** The storage a fresh app of `profile` starts with (once), if a bundle restored one. */
  takeStorage(profile: string): Record<string, string> | undefined {
    const pending = this.pendingStorage;
    if (!pending || pending.profile !== profile) return undefined;
    this.pendingStorage = null;
    return pending.entries;
  }

  private storageOf(profile: string): Storage {
    return new NamespacedStorage(window.localStorage, storagePrefix(this.world, profile));
  }
}
