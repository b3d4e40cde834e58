/**
 * The pages the phone service worker writes (pure, so they are unit-tested): the app's own page
 * with the prepare script first in <head>, and the "no connection" page a webview shows when it
 * loads without network.
 */
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

/** Why a webview could not load a page, as Chromium's network error codes name it. */
type NoConnectionReason = 'net::ERR_INTERNET_DISCONNECTED' | 'net::ERR_CONNECTION_REFUSED';

/**
 * What follows the head of a page that could not be loaded: the error page of an Android
 * WebView without network (title, the URL, the error code). No script, so any CSP allows it.
 */
export function noConnectionRest(url: string, reason: NoConnectionReason): string {
  return `<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="${NO_CONNECTION_MARK}" content="${reason}" />
<title>Webpage not available</title>
<style>
  html, body { margin: 0; background: #fff; color: #202124; }
  body { font-family: Roboto, 'Helvetica Neue', Arial, sans-serif; font-size: 15px; }
  main { padding: 72px 24px 24px; max-width: 480px; margin: 0 auto; }
  .icon { width: 56px; height: 56px; margin-bottom: 32px; }
  h1 { font-size: 22px; font-weight: 500; margin: 0 0 16px; }
  p { line-height: 1.5; color: #5f6368; margin: 0 0 12px; }
  strong { word-break: break-all; }
  code { color: #5f6368; font-size: 13px; }
</style>
</head>
<body>
<main role="alert" aria-label="Webpage not available">
  <svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path fill="#9aa0a6" d="M19 3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2zm0 16H5V7h14v12zM9 10h2v2H9zm4 0h2v2h-2zm-4.5 6.5c.9-1.5 2-2.2 3.5-2.2s2.6.7 3.5 2.2l-1.2.7c-.6-1-1.3-1.4-2.3-1.4s-1.7.4-2.3 1.4z"/></svg>
  <h1>Webpage not available</h1>
  <p>The webpage at <strong>${escapeHtml(url)}</strong> could not be loaded because:</p>
  <code>${reason}</code>
</main>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
