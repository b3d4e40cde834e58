/**
 * How this harness page holds its phones, by what the browser allows (src/shared/phoneOrigin.ts):
 * each app profile of each phone is an origin of its own, either a site of its own beside the
 * harness on `127.0.0.1` (cross-site: a third-party frame) or under the harness's own site on
 * `harness.localhost` (same-site: a first-party frame). Chrome Incognito, Safari, Brave and
 * Debian's Chromium deny a third-party frame localStorage, IndexedDB, cookies and service
 * workers, so a harness page on `127.0.0.1` first asks a phone origin's relay whether it has
 * storage, and where it has none the tab moves to `harness.localhost`, where it has.
 */
import {
  arrangementOf,
  type PhoneArrangement,
  phoneOrigin,
  sameSiteHarnessOrigin,
} from '@shared/phoneOrigin';
import { readFromRelay } from '@shared/phoneRelay';
import { relayUrl } from './phoneRelayClient';

/** What a relay found: whether its origin's documents may use storage in that frame. */
export interface StorageVerdict {
  allowed: boolean;
  /** The browser's own words when it refused (e.g. "Access is denied for this document."). */
  detail: string;
}

/** Why the phone is held as it is, for the note under the phone. */
type IsolationReason =
  /** Cross-site: a probe frame found that this browser gives third-party frames storage. */
  | 'third-party-storage-allowed'
  /** Cross-site: the probe did not answer in time (a very slow machine): not checked. */
  | 'unchecked'
  /** Same-site: moved here from 127.0.0.1, whose cross-site phones got no storage. */
  | 'third-party-storage-blocked'
  /** Same-site: opened on harness.localhost directly. */
  | 'opened-same-site'
  /** Shared origin: this page is not on a loopback name (a LAN address). */
  | 'not-loopback'
  /** Shared origin: the phone's world id cannot be a host name (capitals, `_`). */
  | 'world-not-dns-label';

export interface PhoneIsolation {
  arrangement: PhoneArrangement;
  reason: IsolationReason;
  /** The probe's verdict, when one was made (the same-site page keeps its cross-site one). */
  verdict?: StorageVerdict;
  /** This page's link asked for `phone=shared`, which is refused (see `refusesSharedPhone`). */
  refusedSharedLink?: boolean;
}

/** The tab's verdict about third-party storage, kept so F5 neither probes nor forgets why. */
const VERDICT_KEY = 'directLoanSimulator.thirdPartyStorage';
/** The fragment parameter that carries the verdict across the move to `harness.localhost`. */
const VERDICT_FRAGMENT = 'third-party-storage';
/** The probe's phone: any world label; never a world of the mock server, nothing is loaded. */
const PROBE_WORLD = 'storage-probe';
/** How long the probe frame may take to load its relay on a busy machine. */
const PROBE_TIMEOUT_MS = 20_000;

function isVerdict(value: unknown): value is StorageVerdict {
  const verdict = value as Partial<StorageVerdict> | null;
  return typeof verdict?.allowed === 'boolean' && typeof verdict.detail === 'string';
}

function keptVerdict(storage: Storage | null): StorageVerdict | null {
  try {
    const kept: unknown = JSON.parse(storage?.getItem(VERDICT_KEY) ?? 'null');
    return isVerdict(kept) ? kept : null;
  } catch {
    return null;
  }
}

function keepVerdict(storage: Storage | null, verdict: StorageVerdict): void {
  try {
    storage?.setItem(VERDICT_KEY, JSON.stringify(verdict));
  } catch {
    // No storage: the next F5 probes again.
  }
}

/**
 * A phone's relay found no storage after all (the browser's setting changed, or the check could
 * not run): kept, so the next load of this tab moves to the same-site arrangement.
 */
export function rememberRefusedStorage(verdict: StorageVerdict): void {
  if (verdict.allowed || arrangementOf(window.location.origin) !== 'cross-site') return;
  try {
    keepVerdict(window.sessionStorage, verdict);
  } catch {
    // No sessionStorage at all: nothing to remember with.
  }
}

/**
 * Loads a phone origin's relay in a hidden frame and reads its storage verdict (phoneRelay/relay.ts
 * `?probe`: it registers nothing and keeps nothing). Null when it did not answer in time.
 */
function probeThirdPartyStorage(appBase: string): Promise<StorageVerdict | null> {
  const here = window.location.origin;
  const origin = phoneOrigin(here, PROBE_WORLD, 'web');
  if (!origin) return Promise.resolve(null);
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = 'Storage check';
  const url = new URL(relayUrl(origin, appBase, here));
  url.searchParams.set('probe', '1');
  return new Promise((resolve) => {
    const done = (verdict: StorageVerdict | null) => {
      window.clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      frame.remove();
      resolve(verdict);
    };
    const onMessage = (event: MessageEvent) => {
      const message = readFromRelay(event, { origin, source: frame.contentWindow });
      if (message?.type === 'ready') done(message.storage);
    };
    const timer = window.setTimeout(() => done(null), PROBE_TIMEOUT_MS);
    window.addEventListener('message', onMessage);
    frame.src = url.href;
    document.body.append(frame);
  });
}

/**
 * This page on `harness.localhost` (same path, query and fragment), carrying the verdict that
 * sent it there and the admin token (a fragment: never sent to a server).
 */
function sameSiteUrl(verdict: StorageVerdict, adminToken: string | null): string {
  const url = new URL(window.location.href);
  const target = new URL(url.pathname + url.search, sameSiteHarnessOrigin(url.origin));
  const fragment = new URLSearchParams();
  if (adminToken) fragment.set('admin-token', adminToken);
  fragment.set(VERDICT_FRAGMENT, JSON.stringify(verdict));
  target.hash = fragment.toString();
  return target.href;
}

/** A verdict handed over in the fragment by the page that moved here. */
function fragmentVerdict(hash: string): StorageVerdict | null {
  try {
    const value: unknown = JSON.parse(
      new URLSearchParams(hash.slice(1)).get(VERDICT_FRAGMENT) ?? '',
    );
    return isVerdict(value) ? value : null;
  } catch {
    return null;
  }
}

interface ChooseOptions {
  /** The tab's sessionStorage (null where refused). */
  storage: Storage | null;
  /** Where the SPA and the relay live (`./` of this page). */
  appBase: string;
  /** This page's URL fragment as it came (before the admin token is taken out of it). */
  fragment: string;
  /** The admin token to carry along if the tab moves. */
  adminToken: string | null;
  /** A matrix cell: a frame of the matrix page, which has chosen for the whole page. */
  isFrame: boolean;
}

/**
 * The arrangement of this page's phones, or `'moved'` when the tab is on its way to
 * `harness.localhost` because this browser gives cross-site phones no storage.
 */
export async function choosePhoneIsolation(
  options: ChooseOptions,
): Promise<PhoneIsolation | 'moved'> {
  const arrangement = arrangementOf(window.location.origin);
  switch (arrangement) {
    case 'shared-origin':
      return { arrangement, reason: 'not-loopback' };
    case 'same-site': {
      const handedOver = fragmentVerdict(options.fragment);
      if (handedOver) keepVerdict(options.storage, handedOver);
      const verdict = handedOver ?? keptVerdict(options.storage);
      return verdict && !verdict.allowed
        ? { arrangement, reason: 'third-party-storage-blocked', verdict }
        : { arrangement, reason: 'opened-same-site' };
    }
    case 'cross-site': {
      // A matrix cell: its page has probed already (and shares this tab's sessionStorage).
      if (options.isFrame) {
        const kept = keptVerdict(options.storage);
        return kept?.allowed
          ? { arrangement, reason: 'third-party-storage-allowed', verdict: kept }
          : { arrangement, reason: 'unchecked' };
      }
      const verdict =
        keptVerdict(options.storage) ?? (await probeThirdPartyStorage(options.appBase));
      if (!verdict) return { arrangement, reason: 'unchecked' };
      keepVerdict(options.storage, verdict);
      if (verdict.allowed) return { arrangement, reason: 'third-party-storage-allowed', verdict };
      window.location.replace(sameSiteUrl(verdict, options.adminToken));
      return 'moved';
    }
  }
}

/**
 * `?phone=shared` put the phone on this page's origin, where the admin token is kept (the tab's
 * sessionStorage, this page's memory): anyone could send a link that gives the app — and
 * whatever it shows — the key to every world. A link no longer can: the parameter is refused and
 * dropped from the address bar (and so from Copy link). The shared origin remains only where
 * a phone cannot have an origin of its own (`not-loopback`, `world-not-dns-label`).
 */
export function refusesSharedPhone(): boolean {
  const url = new URL(window.location.href);
  if (url.searchParams.get('phone') !== 'shared') return false;
  url.searchParams.delete('phone');
  window.history.replaceState(null, '', url.pathname + url.search + url.hash);
  return true;
}

/** The isolation of the phone in `world`: shared when that world cannot name an origin. */
export function isolationOfWorld(page: PhoneIsolation, world: string): PhoneIsolation {
  if (page.arrangement === 'shared-origin') return page;
  return phoneOrigin(window.location.origin, world, 'web')
    ? page
    : { ...page, arrangement: 'shared-origin', reason: 'world-not-dns-label' };
}
