/**
 * What the harness says about its phone (PhoneInfo.tsx): how the phone is isolated and why
 * (phoneIsolation.ts), and which app it loads (src/shared/phoneApp.ts). Plain functions of the
 * state, so each sentence is tested against the arrangement it describes.
 */
import type { PhoneBundleMode } from '@host/phoneBundle';
import type { PhoneIsolation } from './phoneIsolation';

/** One line: the arrangement. */
export function isolationSummary(isolation: PhoneIsolation): string {
  switch (isolation.arrangement) {
    case 'cross-site':
      return 'Phone: a site of its own per app (third-party frame)';
    case 'same-site':
      return 'Phone: an origin of its own per app under harness.localhost (first-party frame)';
    case 'shared-origin':
      return 'Phone: on this page’s origin (namespaced storage)';
  }
}

/** Why, and what is (and is not) isolated. `phone`: the current app's origin, if it has one. */
export function isolationDetail(isolation: PhoneIsolation, phone: string | null): string[] {
  const where = phone ? ` (${phone})` : '';
  const isolated =
    'The browser keeps its localStorage, sessionStorage, IndexedDB, caches, service worker, ' +
    'BroadcastChannel, Web Locks and cookies apart from the other apps, the other phones and this ' +
    'page, which holds the admin token.';
  const lines: string[] = [];
  switch (isolation.reason) {
    case 'third-party-storage-allowed':
      lines.push(
        `Each app of this phone is its own origin and site${where}, framed by this page on ` +
          'another site. This browser gives such third-party frames their storage (checked when ' +
          'the tab opened).',
        isolated,
      );
      break;
    case 'unchecked':
      lines.push(
        `Each app of this phone is its own origin and site${where}, framed by this page on ` +
          'another site. Whether this browser gives third-party frames storage could not be ' +
          'checked; if the app cannot keep its login, open the harness on harness.localhost.',
        isolated,
      );
      break;
    case 'third-party-storage-blocked':
      lines.push(
        'This browser blocks third-party storage (as Chrome Incognito, Safari, Brave and ' +
          'Debian’s Chromium do): a phone framed from 127.0.0.1 was refused it' +
          `${isolation.verdict?.detail ? ` (“${isolation.verdict.detail}”)` : ''}. So the ` +
          'harness moved to harness.localhost, and each app of this phone is a first-party ' +
          `frame on an origin of its own under that site${where}.`,
        isolated,
        'Only a cookie a page deliberately scopes to Domain=harness.localhost would reach the ' +
          'other phones; the app sets no cookies.',
      );
      break;
    case 'opened-same-site':
      lines.push(
        'Each app of this phone is a first-party frame on an origin of its own under this ' +
          `page’s site, harness.localhost${where}: it works in browsers that block third-party ` +
          'storage too.',
        isolated,
        'Only a cookie a page deliberately scopes to Domain=harness.localhost would reach the ' +
          'other phones; the app sets no cookies.',
      );
      break;
    case 'not-loopback':
      lines.push(
        'This page is not on 127.0.0.1, localhost or harness.localhost (a LAN address?), so the ' +
          'phone cannot have an origin of its own: it shares this page’s origin, its storage is ' +
          'a per-world-and-profile namespace (a wrapper the app can see through) and it can ' +
          'reach this page and its admin token. Open the harness on 127.0.0.1 for isolated phones.',
      );
      break;
    case 'world-not-dns-label':
      lines.push(
        'This phone’s world id is not a host name (capitals or “_”), so the phone cannot have ' +
          'an origin of its own: it shares this page’s origin, its storage is a ' +
          'per-world-and-profile namespace (a wrapper the app can see through) and it can reach ' +
          'this page and its admin token.',
      );
      break;
  }
  if (isolation.refusedSharedLink) {
    lines.push(
      'This link asked for phone=shared (the phone on this page’s origin, where the admin token ' +
        'is kept): refused, so a link can never hand the app that token.',
    );
  }
  return lines;
}

/** One line: where the phone's app comes from; null when the server did not say (Electron, --web). */
export function appSourceSummary(mode: PhoneBundleMode | null): string | null {
  switch (mode) {
    case 'shipped':
      return 'App: the production bundle';
    case 'watch':
      return 'App: the production bundle, rebuilt on change';
    case 'dev-server':
      return 'App: Vite dev server with hot reload — not the bundle that ships';
    case null:
      return null;
  }
}

export function appSourceDetail(mode: PhoneBundleMode | null): string | null {
  switch (mode) {
    case 'shipped':
      return (
        'The phone loads the bytes npm run build:web writes to dist/web, as borrowers get ' +
        'them: the CSP meta, the early session and the painted first frame, the same chunks. ' +
        'Built when dev:web started; restart it (or use --phone=watch) after changing the app.'
      );
    case 'watch':
      return (
        'The phone loads the bytes npm run build:web writes, rebuilt on every source change ' +
        '(dev:web --phone=watch): press Reload app to load the new build.'
      );
    case 'dev-server':
      return (
        'dev:web --phone=hmr: the app is served by Vite’s dev server with hot reload, for ' +
        'working on the app. It is not what borrowers load: no CSP meta, no inline early ' +
        'session or painted first frame, other chunks. Check startup in the default mode.'
      );
    case null:
      return null;
  }
}
