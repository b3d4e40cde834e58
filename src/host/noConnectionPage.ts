/**
 * The page a phone's webview shows when it cannot load a page (Android WebView's "Webpage not
 * available", with the URL and Chromium's error code), for a runtime that serves the phone's
 * documents itself: Electron's `app://` handler offline (src/main/appProtocol.ts). A failed load
 * in Electron shows nothing of its own (no error page: a blank one), which is not what a borrower's
 * phone shows. The harness's phone worker writes the same page into its own document
 * (src/renderer/src/harness/phoneWorker/phonePage.ts). No script, so any CSP allows it.
 */

/** Why a webview could not load a page, as Chromium's network error codes name it. */
export type NoConnectionReason = 'net::ERR_INTERNET_DISCONNECTED' | 'net::ERR_CONNECTION_REFUSED';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** The whole page for `url`. */
export function noConnectionPage(url: string, reason: NoConnectionReason): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>Webpage not available</title>
<style>
  html, body { margin: 0; background: #fff; color: #202124; }
  body { font-family: Roboto, 'Helvetica Neue', Arial, sans-serif; font-size: 15px; }
  main { padding: 72px 24px 24px; max-width: 480px; margin: 0 auto; }
  h1 { font-size: 22px; font-weight: 500; margin: 0 0 16px; }
  p { line-height: 1.5; color: #5f6368; margin: 0 0 12px; }
  strong { word-break: break-all; }
  code { color: #5f6368; font-size: 13px; }
</style>
</head>
<body>
<main role="alert" aria-label="Webpage not available">
  <h1>Webpage not available</h1>
  <p>The webpage at <strong>${escapeHtml(url)}</strong> could not be loaded because:</p>
  <code>${reason}</code>
</main>
</body>
</html>
`;
}
