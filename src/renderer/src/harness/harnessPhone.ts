/**
 * The harness phone's own parts the workbench reads and restores (src/host/workbench.ts): its
 * route, as the phone frame reports it, and the app's localStorage in its world and profile (the
 * frame has this page's origin, so the namespaced keys are this page's localStorage).
 */
import type { HostCore } from '../../../host/HostCore';
import type { PhoneAccess } from '../../../host/workbench';
import { NamespacedStorage, storagePrefix } from './phoneRealm';

export class HarnessPhone implements PhoneAccess {
  private current: string;
  private readonly openers = new Set<(path: string) => void>();

  constructor(
    private readonly host: HostCore,
    private readonly world: string,
    initialPath: string,
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

  private storageOf(profile: string): Storage {
    return new NamespacedStorage(window.localStorage, storagePrefix(this.world, profile));
  }
}
