/**
 * One JSON POST with a timeout, mapping transport failures to ApiError ('timeout', 'offline').
 * Runs in the browser and in Node.
 */
import { ApiError } from './apiError';

/** What came back: the status and the parsed JSON body (undefined when not JSON). */
export interface HttpAnswer {
  status: number;
  json: unknown;
}

export interface PostJsonOptions {
  url: string;
  body: unknown;
  headers: Record<string, string>;
  timeoutMs: number;
  fetch: typeof fetch;
}

/** POSTs JSON; rejects with ApiError 'timeout' after timeoutMs, 'offline' when fetch fails. */
export async function postJson(options: PostJsonOptions): Promise<HttpAnswer> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  try {
    const response = await options.fetch(options.url, {
      method: 'POST',
      headers: options.headers,
      body: JSON.stringify(options.body),
      signal: controller.signal,
    });
    const text = await response.text();
    return { status: response.status, json: parseJson(text) };
  } catch (cause) {
    if (timedOut) {
      const ms = options.timeoutMs;
      const limit = ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
      throw new ApiError('timeout', `No answer from ${options.url} within ${limit}`, { cause });
    }
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new ApiError('offline', `Cannot reach ${options.url}: ${reason}`, { cause });
  } finally {
    clearTimeout(timer);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
