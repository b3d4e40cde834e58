/**
 * The one RootStore (MobX docs / Outline style): it creates the core stores every page needs
 * (user, config, session, API, network) and hands them the injected services. A feature's store
 * is not a field here: the feature declares it (`Feature`, next to its store class) and
 * `root.feature(...)` makes it the first time the feature's code asks, so each store's code comes
 * with its route's chunk, never on the boot path (DESIGN.md §1; bench/README.md, boot path).
 */
import type { AppConfig } from '../../../shared/appConfig';
import type { ErrorReporter } from '../errors/reporter';
import type { NativeHost } from '../native';
import type { ApiTransport } from '../services/api';
import type { Clock } from '../services/clock';
import { EventBus } from '../services/events';
import type { Navigation } from '../services/navigation';
import { type JsonStorage, StorageKey } from '../services/storage';
import type { UiService } from '../services/ui';
import { ApiStore } from './ApiStore';
import { ConfigStore } from './ConfigStore';
import { NetworkStore } from './NetworkStore';
import { SessionStore } from './SessionStore';
import { UserStore } from './UserStore';

/** Everything with I/O, injected so tests pass fakes. */
export interface Services {
  config: AppConfig;
  transport: ApiTransport;
  native: NativeHost;
  /** localStorage (persisted state). */
  storage: JsonStorage;
  /** sessionStorage (session-only state such as the SMS countdown). */
  sessionStorage: JsonStorage;
  clock: Clock;
  ui: UiService;
  navigation: Navigation;
  reporter: ErrorReporter;
  reload: () => void;
}

/**
 * A feature's store: made once per RootStore, on first use, from the core stores and services
 * (never the RootStore itself when a narrower dependency will do).
 */
export interface Feature<T> {
  /** For messages and debugging ("loan", "bill"…). */
  readonly name: string;
  create(root: RootStore): T;
}

export class RootStore {
  readonly events = new EventBus();
  readonly user: UserStore;
  readonly config: ConfigStore;
  readonly session: SessionStore;
  /** Call the product API here: `await root.api.call('loanInfo', {})`. */
  readonly api: ApiStore;
  readonly network: NetworkStore;
  private readonly features = new Map<Feature<unknown>, unknown>();

  constructor(readonly services: Services) {
    const { storage, native, navigation, reporter, clock, ui } = services;
    this.user = new UserStore(storage);
    this.config = new ConfigStore(storage, services.config);
    this.session = new SessionStore({
      native,
      user: this.user,
      config: this.config,
      navigation,
      events: this.events,
      reporter,
      clock,
      reload: services.reload,
    });
    this.api = new ApiStore(services.transport, ui, this.events, reporter, {
      isLoggedIn: () => this.user.isLoggedIn,
      onSessionExpired: (tip) => this.session.onSessionExpired(tip),
      onSecureConnectionConfirmed: () => this.session.onSecureConnectionConfirmed(),
    });
    this.session.attachApi(this.api);
    this.network = new NetworkStore(ui);
    // The KYC draft is the signed-out borrower's: gone even when the KYC feature never loaded.
    this.events.on('signed-out', () => storage.remove(StorageKey.kycForm));
  }

  /** The store of a feature, made the first time anything asks for it. */
  feature<T>(feature: Feature<T>): T {
    if (this.features.has(feature)) return this.features.get(feature) as T;
    const store = feature.create(this);
    this.features.set(feature, store);
    return store;
  }

  /** Base info for every call: the host's, with the session token (PRODUCT.md §3). */
  userBaseInfo(): { deviceId: string; system: string; tokenValue: string; version: string } {
    const info = this.session.baseInfo;
    return {
      deviceId: info?.deviceId ?? '',
      system: info?.system ?? 'H5',
      tokenValue: this.user.tokenValue,
      version: info?.version ?? '',
    };
  }
}
