/**
 * The one RootStore (MobX docs / Outline style): it creates the core stores every page needs
 * (user, config, session, API, network) and hands them the injected services. A feature's store
 * is not a field here: the feature declares it (`Feature`, next to its store class) and
 * `root.feature(...)` makes it the first time the feature's code asks, so each store's code comes
 * with its route's chunk, never on the boot path (DESIGN.md §1; bench/README.md, boot path).
 *
 * Feature stores live in the current `SessionScope` (DESIGN.md §6 "Ownership and money"): when the
 * session token changes — logout, a session-ending code, a login as another number — the scope is
 * disposed and a new one opened before anything renders, with the session's stored drafts.
 */
import { action, makeObservable, observable, reaction } from 'mobx';
import type { AppConfig } from '@shared/appConfig';
import type { ErrorReporter } from '@renderer/errors/reporter';
import type { NativeHost } from '@renderer/native';
import type { ApiTransport } from '@renderer/services/api';
import type { Clock } from '@renderer/services/clock';
import { EventBus } from '@renderer/services/events';
import type { Navigation } from '@renderer/services/navigation';
import { type JsonStorage, SESSION_OWNED_KEYS } from '@renderer/lib/storage';
import type { UiService } from '@renderer/services/ui';
import type { UserRecordSeal } from '@renderer/services/userRecordSeal';
import { ApiService } from '@renderer/services/ApiService';
import { ConfigStore } from './ConfigStore';
import { NetworkStore } from './NetworkStore';
import { SessionScope } from './SessionScope';
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
  /** Whether the saved user record is this app's (services/userRecordSeal.ts); none: trusted. */
  userRecordSeal?: UserRecordSeal;
}

/**
 * A feature's store: made once per session scope, on first use, from the core stores and services
 * (never the RootStore itself when a narrower dependency will do). What it listens to, it listens
 * to through `scope.on`, so the listener ends with the session.
 */
export interface Feature<T> {
  /** For messages and debugging ("loan", "bill"…). */
  readonly name: string;
  /**
   * Who owns the store: the session (the default: everything learnt about a borrower) or the
   * page, for what belongs to no borrower (the campaigns' dates and the QA clock of `?now=`).
   */
  readonly owner?: 'session' | 'page';
  create(root: RootStore, scope: SessionScope): T;
}

export class RootStore {
  readonly events = new EventBus();
  readonly user: UserStore;
  readonly config: ConfigStore;
  readonly session: SessionStore;
  /** Call the product API here: `await root.api.call('loanInfo', {})`. */
  readonly api: ApiService;
  readonly network: NetworkStore;
  /** The current session's scope: feature stores and their listeners live and die with it. */
  scope: SessionScope;
  /**
   * Changes whenever a borrower's session ends: the shell keys the routed screens by it, so what
   * components hold goes too. A visitor signing in keeps the screen that signed them in (its
   * "You are registered!", the draw it came back to): a visitor's screens hold no borrower's data.
   */
  screensKey = 0;
  private scopes = 0;
  /** The page's own scope: stores that belong to no borrower; never disposed. */
  private readonly pageScope = new SessionScope(0, '');

  constructor(readonly services: Services) {
    const { storage, native, navigation, reporter, clock, ui } = services;
    this.user = new UserStore(storage, services.config.apiBase.main, services.userRecordSeal);
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
    this.api = new ApiService(services.transport, ui, this.events, reporter, {
      isLoggedIn: () => this.user.isLoggedIn,
      currentSession: () => this.scope,
      onSessionExpired: (tip) => this.session.onSessionExpired(tip),
      onSecureConnectionConfirmed: () => this.session.onSecureConnectionConfirmed(),
    });
    this.session.attachApi(this.api);
    this.network = new NetworkStore(ui);
    this.scope = new SessionScope(++this.scopes, this.user.tokenValue);
    makeObservable<RootStore, 'renewScope'>(this, {
      scope: observable.ref,
      screensKey: observable,
      renewScope: action,
    });
    // Runs synchronously at the end of the action that changed the token, so the next render
    // already sees the new session's scope.
    reaction(
      () => this.user.tokenValue,
      () => this.renewScope(),
    );
  }

  /** The store of a feature in its owner's scope, made the first time anything asks for it. */
  feature<T>(feature: Feature<T>): T {
    const scope = feature.owner === 'page' ? this.pageScope : this.scope;
    return scope.storeOf(feature, () => feature.create(this, scope));
  }

  /** The session changed: its scope and its drafts go, the session store forgets its freshness. */
  private renewScope(): void {
    const ended = this.scope;
    ended.dispose();
    // A visitor has no drafts: what a host's first token finds in storage is its own session's.
    if (ended.owner !== '') {
      const { storage, sessionStorage } = this.services;
      for (const key of SESSION_OWNED_KEYS) {
        storage.remove(key);
        sessionStorage.remove(key);
      }
      this.screensKey += 1;
    }
    this.session.onSessionChanged();
    this.scope = new SessionScope(++this.scopes, this.user.tokenValue);
  }
}
