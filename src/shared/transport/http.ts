/**
 * The transport's HTTP layer on axios (the product's design card): one instance per API host with
 * its base URL, the `token` / `deviceId` / `crypt` headers each request carries, the timeout, JSON, and failures mapped to ApiError ('timeout', 'offline'). Always the fetch
 * adapter: the same code path in the browser, in a webview and in Node, through whatever `fetch`
 * the page has (the harness's phone frame routes it to the phone's world and its offline switch).
 * It loads with the API client, never on the boot path. Runs in the browser and in Node.
 */
import axios, { type AxiosInstance, isAxiosError } from 'axios';
import { ApiError } from './apiError';
import { errorMessage } from '@shared/errors';

/** What came back: the status and the parsed JSON body (undefined when not JSON). */
export interface HttpAnswer {
  status: number;
  json: unknown;
}

interface HttpHostOptions {
  /** The host's base URL, ending with '/'. */
  baseURL: string;
  timeoutMs: number;
  /** The fetch to use (tests, Node); default the global one at call time. */
  fetch?: typeof fetch;
}

/** The axios instance of one API host. */
export function createHostHttp(options: HttpHostOptions): AxiosInstance {
  const http = axios.create({
    baseURL: options.baseURL,
    timeout: options.timeoutMs,
    adapter: 'fetch',
    ...(options.fetch ? { env: { fetch: options.fetch } } : {}),
    // The body is read as text and parsed here: a non-JSON answer is "no JSON", not a throw.
    responseType: 'text',
    transformResponse: [(data: unknown) => data],
    // Every status is an answer; the client decides what a 4xx means (DESIGN.md §5).
    validateStatus: () => true,
    headers: { 'Content-Type': 'application/json' },
  });
  return http;
}

/**
 * POSTs `body` as JSON to `path` of the host with `headers` (the caller's token and device);
 * rejects with ApiError 'timeout' after the host's timeout, 'offline' when the request cannot be
 * made. `signal` cancels it (ApiError 'offline').
 */
export async function postJson(
  http: AxiosInstance,
  path: string,
  body: unknown,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<HttpAnswer> {
  const url = `${http.defaults.baseURL ?? ''}${path}`;
  try {
    const response = await http.post<string>(path, JSON.stringify(body), {
      headers,
      ...(signal ? { signal } : {}),
    });
    return { status: response.status, json: parseJson(response.data) };
  } catch (cause) {
    if (isAxiosError(cause) && (cause.code === 'ECONNABORTED' || cause.code === 'ETIMEDOUT')) {
      const ms = http.defaults.timeout ?? 0;
      const limit = ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
      throw new ApiError('timeout', `No answer from ${url} within ${limit}`, { cause });
    }
    const reason = errorMessage(cause);
    throw new ApiError('offline', `Cannot reach ${url}: ${reason}`, { cause });
  }
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
