/** Loads `app-config.json` beside index.html (DESIGN.md §3), parsed at this edge. */
import type { AppConfig } from '@shared/appConfig';
import { API_TIMEOUT_MS, APP_CONFIG_FILE } from '@shared/constants';
import { appConfigShape } from '@renderer/lib/bootShapes';
import { startupPage } from '@renderer/lib/startupPage';
import { describeIssues } from '@shared/zodIssues';

/**
 * The request index.html's inline script started for `url` before any module ran, once (a reload
 * of the config must fetch again).
 */
function takeEarlyFetch(url: string): Promise<Response> | undefined {
  const page = startupPage();
  const early = page.appConfig;
  if (!early || early.url !== url) return undefined;
  delete page.appConfig;
  return early.response;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export type ConfigResult = { ok: true; config: AppConfig } | { ok: false; error: string };

export async function loadAppConfig(
  fetchImpl: typeof fetch = fetch,
  base: string = document.baseURI,
  timeoutMs: number = API_TIMEOUT_MS,
): Promise<ConfigResult> {
  const url = new URL(APP_CONFIG_FILE, base).toString();
  let response: Response;
  try {
    const request = takeEarlyFetch(url) ?? fetchImpl(url, { cache: 'no-store' });
    // A hung request would leave the Loading page up forever: give up like an API call would.
    response = await withTimeout(request, timeoutMs);
  } catch (error) {
    return { ok: false, error: `${APP_CONFIG_FILE} could not be loaded: ${String(error)}` };
  }
  if (!response.ok) {
    return { ok: false, error: `${APP_CONFIG_FILE} is missing (HTTP ${response.status})` };
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    return { ok: false, error: `${APP_CONFIG_FILE} is not valid JSON` };
  }
  const parsed = appConfigShape.safeParse(json);
  if (!parsed.success) {
    return { ok: false, error: `${APP_CONFIG_FILE} is malformed: ${describeIssues(parsed.error)}` };
  }
  return { ok: true, config: parsed.data };
}
