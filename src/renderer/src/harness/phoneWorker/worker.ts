/**
 * The phone service worker of the browser harness (served by the simulator's renderer build and
 * dev server only, never by dist/web). It makes "offline" in the harness what a phone without
 * network is: every request of an offline phone window fails — fetch, XHR, script chunks,
 * modulepreloads, stylesheets, pictures — and loading a page offline shows a webview's error page.
 *
 * The phone frame navigates for real to the app (so this worker controls it). Each phone page is
 * streamed: first its head up to `<head>` and the prepare script, which asks the harness page to
 * prepare the window (bridge, storage namespace, network patch, insets: frameBridge.ts) and so
 * tells this worker which phone the page is and whether it is online; then either the app's page
 * or, offline, the error page. The page's response headers (its CSP among them) must be sent
 * before that answer, so they are read from the server first; an offline phone never sees what
 * came. Chromium gives no `replacesClientId`, so a reload is recognised the same way.
 */

import { RELAY_PAGE } from '@shared/phoneRelay';
import { cutAtHead, noConnectionRest, prepareScript, prepareScriptTag } from './phonePage';
import { PhoneTable } from './phoneTable';
import { isPhoneWorkerMessage, PREPARE_SCRIPT_PATH } from './protocol';

/** The parts of the service-worker global scope used here (the web tsconfig has DOM types). */
interface FetchEvent extends Event {
  readonly request: Request;
  readonly clientId: string;
  readonly resultingClientId: string;
  respondWith(response: Response | Promise<Response>): void;
}
interface ExtendableMessageEvent extends Event {
  readonly data: unknown;
  readonly source: { id: string } | null;
  readonly ports: readonly MessagePort[];
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerScope {
  readonly registration: { readonly scope: string };
  readonly clients: {
    get(id: string): Promise<unknown>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

const worker = self as unknown as WorkerScope;
const scope = worker.registration.scope;
const prepareUrl = new URL(PREPARE_SCRIPT_PATH, scope);
const table = new PhoneTable();
/** Client ids of the harness pages that said hello: phone pages are handled only while one is. */
const harnessPages = new Set<string>();
/** How long a phone page waits for the harness's answer before it loads as a plain page. */
const ANSWER_TIMEOUT_MS = 5_000;

// A new build's worker takes over at once; the harness pages then tell it their phones again.
worker.addEventListener('install', (event) => event.waitUntil(worker.skipWaiting()));

worker.addEventListener('message', (event) => {
  const message = event.data;
  if (!isPhoneWorkerMessage(message)) return;
  if (message.type === 'sim-phone:none') {
    table.release(message.clientId);
    return;
  }
  if (event.source) harnessPages.add(event.source.id);
  if (message.phone) table.set(message.owner, message.phone);
  // The harness loads its phone only after this answer: the worker knows the page first.
  event.ports[0]?.postMessage('ok');
  event.waitUntil(forgetClosedHarnessPages());
});

async function forgetClosedHarnessPages(): Promise<void> {
  for (const id of harnessPages) {
    if (!(await worker.clients.get(id))) harnessPages.delete(id);
  }
}

/**
 * A page of the app loading in a frame (not the harness itself, whose matrix cells are frames
 * too, nor the phone relay). A tab opening the app is a top-level document: never touched.
 */
function isPhonePage(request: Request): boolean {
  if (request.mode !== 'navigate' || request.destination !== 'iframe') return false;
  if (!request.url.startsWith(scope)) return false;
  const path = new URL(request.url).pathname;
  // The phone relay (phone.html) is the app frame's parent, not a page of the app.
  return (
    !path.endsWith('/harness.html') &&
    !path.endsWith(`/${RELAY_PAGE}`) &&
    path !== prepareUrl.pathname
  );
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode === 'navigate') {
    if (harnessPages.size > 0 && isPhonePage(request)) event.respondWith(phonePage(event));
    return;
  }
  const url = new URL(request.url);
  if (url.origin === prepareUrl.origin && url.pathname === prepareUrl.pathname) {
    event.respondWith(
      new Response(prepareScript(url.searchParams.get('client') ?? ''), {
        headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' },
      }),
    );
    return;
  }
  // What a phone without network gets for everything: a network error.
  if (table.isOffline(event.clientId)) event.respondWith(Response.error());
});

async function phonePage(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const clientId = event.resultingClientId;
  let answer: Response | null = null;
  try {
    answer = await fetch(request);
  } catch {
    // The server cannot be reached: for an online phone too, the webview's error page.
  }
  if (answer && !isHtml(answer)) return answer;
  const page = cutAtHead(answer ? await answer.text() : '');
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(page.head + prepareScriptTag(scope, clientId)));
      const phone = await table.whenKnown(clientId, ANSWER_TIMEOUT_MS);
      const rest =
        phone && !phone.online
          ? noConnectionRest(request.url, 'net::ERR_INTERNET_DISCONNECTED')
          : answer
            ? page.rest
            : noConnectionRest(request.url, 'net::ERR_CONNECTION_REFUSED');
      controller.enqueue(encoder.encode(rest));
      controller.close();
    },
  });
  const headers = new Headers(answer?.headers);
  // The body is decoded and changed: its length and encoding are no longer the server's.
  headers.delete('Content-Length');
  headers.delete('Content-Encoding');
  // An explicit charset lets the parser start on the first bytes instead of sniffing for one.
  headers.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(body, {
    status: answer?.status ?? 200,
    statusText: answer?.statusText ?? 'OK',
    headers,
  });
}

/** A page to prepare (a redirect, a download or an error without HTML goes through as it is). */
function isHtml(response: Response): boolean {
  return (
    response.type !== 'opaqueredirect' &&
    (response.headers.get('Content-Type') ?? '').toLowerCase().includes('text/html')
  );
}
