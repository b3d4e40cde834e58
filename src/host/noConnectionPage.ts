/**
 * The page a phone's webview shows when it cannot load a page (Android WebView's "Webpage not
 * available", with the URL and Chromium's error code), for a runtime that serves the phone's
 * documents itself: Electron's `app://` handler offline (src/main/appProtocol.ts). A failed load
 * in Electron shows nothing of its own (no error page: a blank one), which is not what a borrower's
 * phone shows. The harness's phone worker writes the same page into its own document
 * (src/renderer/src/harness/phoneWorker/phonePage.ts) from the same parts. No script, so any
 * CSP allows it.
 */

/** Why a webview could not load a page, as Chromium's network error codes name it. */
export type NoConnectionReason = 'net::ERR_INTERNET_DISCONNECTED' | 'net::ERR_CONNECTION_REFUSED';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/**
 * Everything after the page's `<head>` start tag: the head's content, then the body, then the end
 * of the document. The harness's phone worker puts its own mark first in the head, so it writes
 * this after a head of its own.
 */
export function noConnectionAfterHead(url: string, reason: NoConnectionReason): string {
  return `<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
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

/** The whole page for `url`. */
export function noConnectionPage(url: string, reason: NoConnectionReason): string {
  return `<!doctype html>
<html lang="en">
<head>
${noConnectionAfterHead(url, reason)}`;
}
