/**
 * The pages the phone service worker writes (pure, so they are unit-tested): the app's own page
 * with the prepare script first in <head>, and the "no connection" page a webview shows when it
 * loads without network.
 */
import { type NoConnectionReason, noConnectionAfterHead } from '@host/noConnectionPage';
import { NO_CONNECTION_MARK, PREPARE_HOOK, PREPARE_SCRIPT_PATH } from './protocol';

/** A page cut right after its `<head>` start tag, where the prepare script goes. */
interface PageAtHead {
  /** Up to and including `<head …>` (doctype and `<html>` with their attributes). */
  head: string;
  /** The rest of the page, untouched. */
  rest: string;
}

/** A page without its own `<head>` (or no page at all) starts with this one. */
const BARE_HEAD = '<!doctype html><html><head>';

/**
 * Cuts `html` after its `<head>` start tag; a page without one gets a standard head before it
 * (a script before the doctype would put the page in quirks mode).
 */
export function cutAtHead(html: string): PageAtHead {
  const match = /<head(\s[^>]*)?>/i.exec(html);
  if (!match) return { head: BARE_HEAD, rest: html };
  const end = match.index + match[0].length;
  return { head: html.slice(0, end), rest: html.slice(end) };
}

/** The prepare script's URL for one phone document, under the worker's scope. */
export function prepareScriptUrl(scope: string, clientId: string): string {
  return new URL(`${PREPARE_SCRIPT_PATH}?client=${encodeURIComponent(clientId)}`, scope).href;
}

/**
 * The tag the worker writes first in a phone page's <head>. A classic script with a src blocks
 * the parser, so it runs before anything of the app. It is a same-origin src rather than an
 * inline script because the app's page carries a Content-Security-Policy (header from the mock
 * server, meta in dist/web) whose script-src allows 'self' and only the hashes of the page's own
 * inline scripts: this way the policy stays exactly the one the app ships with.
 */
export function prepareScriptTag(scope: string, clientId: string): string {
  return `<script src="${escapeHtml(prepareScriptUrl(scope, clientId))}"></script>`;
}

/**
 * The prepare script: asks the parent (the harness page, same origin) to prepare this window
 * synchronously — bridge, storage namespace, network, insets — before the app's first line. A
 * frame whose parent is no harness tells the worker so, and is left alone.
 */
export function prepareScript(clientId: string): string {
  const id = JSON.stringify(clientId);
  return `(() => {
  let prepare;
  try {
    if (window.parent !== window) prepare = window.parent[${JSON.stringify(PREPARE_HOOK)}];
  } catch {}
  if (typeof prepare === 'function' && prepare(window, ${id})) return;
  navigator.serviceWorker?.controller?.postMessage({ type: 'sim-phone:none', clientId: ${id} });
})();
`;
}

/**
 * What follows the head of a page that could not be loaded: the webview's error page of
 * src/host/noConnectionPage.ts (title, the URL, the error code), marked for the harness.
 */
export function noConnectionRest(url: string, reason: NoConnectionReason): string {
  return `<meta name="${NO_CONNECTION_MARK}" content="${reason}" />
${noConnectionAfterHead(url, reason)}`;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
