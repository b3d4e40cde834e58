/**
 * The startup section's conditions (bench/README.md "Startup"): Lighthouse's "slow 4G" with a 4×
 * slower CPU, set over the DevTools protocol on one page, and what that page's loads send over
 * the network (not the HTTP cache) and why each request left.
 */
import type { CDPSession, Page } from '@playwright/test';

/** The throttling of the startup figures. */
const THROTTLING = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1_000_000) / 8,
  uploadBytesPerSecond: (750 * 1000) / 8,
} as const;

/** One request as the DevTools protocol saw it leave. */
export interface SentRequest {
  url: string;
  /** The scripts on the stack that sent it (fetch, XHR, an element added by script), if any. */
  stackUrls: string[];
  /** Where its answer came from: the network, or the HTTP or memory cache; or none yet. */
  served: 'network' | 'cache' | 'pending' | 'failed';
  /** What the network stack said: its response headers came (`headers`), or why it failed. */
  detail?: string;
}

/** What one page's loads sent: reset before a load, read after it. */
export interface NetworkLog {
  /** Starts a new log (the next load's). */
  reset(): void;
  /** The requests of the current log, in the order they left. */
  requests(): SentRequest[];
  /** How many of them reached the network: 304 revalidations count, cache hits do not. */
  fromNetwork(): number;
  cdp: CDPSession;
}

/** Throttles `page` (network and CPU) and logs its requests from now on. */
export async function throttle(page: Page): Promise<NetworkLog> {
  const cdp = await page.context().newCDPSession(page);
  let byId = new Map<string, SentRequest>();
  cdp.on('Network.requestWillBeSent', (event) => {
    const stackUrls: string[] = [];
    for (let stack = event.initiator.stack; stack; stack = stack.parent) {
      for (const frame of stack.callFrames) if (frame.url) stackUrls.push(frame.url);
    }
    // A redirect reuses the id: the last request is the one that is answered.
    byId.set(event.requestId, { url: event.request.url, stackUrls, served: 'pending' });
  });
  // Served from Blink's memory cache: no response from the network follows.
  cdp.on('Network.requestServedFromCache', (event) => {
    const request = byId.get(event.requestId);
    if (request) request.served = 'cache';
  });
  // Headers from the network stack (before the renderer hears of them), or a failure.
  cdp.on('Network.responseReceivedExtraInfo', (event) => {
    const request = byId.get(event.requestId);
    if (request && request.served === 'pending') request.detail = `headers ${event.statusCode}`;
  });
  cdp.on('Network.loadingFailed', (event) => {
    const request = byId.get(event.requestId);
    if (request && request.served === 'pending') {
      request.served = 'failed';
      request.detail = event.errorText;
    }
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = byId.get(event.requestId);
    if (!request || request.served === 'cache' || request.served === 'failed') return;
    const { response } = event;
    const cached =
      response.fromDiskCache || response.fromServiceWorker || response.fromPrefetchCache;
    request.served = cached ? 'cache' : 'network';
  });
  // Cold cache: each run has a fresh context, so its HTTP cache starts empty (but works during
  // the load, as a phone's would).
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLING.latencyMs,
    downloadThroughput: THROTTLING.downloadBytesPerSecond,
    uploadThroughput: THROTTLING.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
  return {
    reset() {
      byId = new Map();
    },
    requests: () => [...byId.values()],
    fromNetwork: () => [...byId.values()].filter((r) => r.served === 'network').length,
    cdp,
  };
}
