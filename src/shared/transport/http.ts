/**
 * The transport's HTTP layer on the platform's `fetch`: one host per API base URL, the `token` /
 * `deviceId` / `crypt` headers each request carries, the timeout, JSON, and failures mapped to
 * ApiError ('timeout', 'offline'). Through whatever `fetch` the page has at call time (the
 * harness's phone frame routes it to the phone's world and its offline switch), or the one given
 * (tests, Node). No HTTP library: `fetch` with an AbortSignal is all the client asks of one, and
 * the early session's code is on a first open's critical path (bench/README.md "Startup").
 * Runs in the browser and in Node.
 */
import { ApiError } from './apiError';
import { errorMessage } from '@shared/errors';

/** What came back: the status and the parsed JSON body (undefined when not JSON). */
export interface HttpAnswer {
  status: number;
  json: unknown;
}

/** One API host: its base URL (ending with '/'), timeout and fetch. */
export interface HostHttp {
  readonly baseURL: string;
  readonly timeoutMs: number;
  /** The fetch to use (tests, Node); default the global one at call time. */
  readonly fetch?: typeof fetch;
}

/** "10 s" for whole seconds, else "250 ms". */
function durationText(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/**
 * POSTs `body` as JSON to `path` of the host with `headers` (the caller's token and device);
 * rejects with ApiError 'timeout' when no whole answer came within the host's timeout, 'offline'
 * when the request cannot be made. `signal` cancels it (ApiError 'offline'). Every status is an
 * answer: the client decides what a 4xx means (DESIGN.md §5).
 */
export async function postJson(
  host: HostHttp,
  path: string,
  body: unknown,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<HttpAnswer> {
  const url = `${host.baseURL}${path}`;
  const abort = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, host.timeoutMs);
  const cancel = () => abort.abort();
  if (signal?.aborted) abort.abort();
  else signal?.addEventListener('abort', cancel, { once: true });
  try {
    const send = host.fetch ?? globalThis.fetch;
    const response = await send(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: abort.signal,
    });
    // The body is read as text and parsed here: a non-JSON answer is "no JSON", not a throw.
    const text = await response.text();
    return { status: response.status, json: parseJson(text) };
  } catch (cause) {
    if (timedOut) {
      throw new ApiError(
        'timeout',
        `No answer from ${url} within ${durationText(host.timeoutMs)}`,
        {
          cause,
        },
      );
    }
    throw new ApiError('offline', `Cannot reach ${url}: ${errorMessage(cause)}`, { cause });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
