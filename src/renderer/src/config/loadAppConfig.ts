/** Loads `app-config.json` beside index.html (DESIGN.md §3), parsed at this edge. */
import { APP_CONFIG_FILE, type AppConfig, appConfigSchema } from '../../../shared/appConfig';

/** Set by the inline script of index.html, which starts the request before any module runs. */
interface EarlyFetch {
  url: string;
  response: Promise<Response>;
}

/** The early request for `url`, once (a reload of the config must fetch again). */
function takeEarlyFetch(url: string): Promise<Response> | undefined {
  const scope = globalThis as { __appConfigFetch?: EarlyFetch };
  const early = scope.__appConfigFetch;
  if (!early || early.url !== url) return undefined;
  delete scope.__appConfigFetch;
  return early.response;
}

export type ConfigResult = { ok: true; config: AppConfig } | { ok: false; error: string };

export async function loadAppConfig(
  fetchImpl: typeof fetch = fetch,
  base: string = document.baseURI,
): Promise<ConfigResult> {
  const url = new URL(APP_CONFIG_FILE, base).toString();
  let response: Response;
  try {
    response = await (takeEarlyFetch(url) ?? fetchImpl(url, { cache: 'no-store' }));
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
  const parsed = appConfigSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    return { ok: false, error: `${APP_CONFIG_FILE} is malformed: ${issues}` };
  }
  return { ok: true, config: parsed.data };
}
