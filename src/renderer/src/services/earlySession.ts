/**
 * The encrypted session's start before the boot chunk has run (DESIGN.md §5). The web build makes
 * this module a second entry (vite.web.config.ts): its graph (the API client, the endpoint table,
 * the session cache, the crypto library) shares no chunk with the boot chunk, so index.html's
 * inline script (scripts/preloadFirstNeedsPlugin.ts) imports it for a signed-in page (inside a
 * host, or with a saved login) and the handshake leaves before the boot chunk is on the line. The app's
 * transport (./apiTransport.ts) adopts the client once: one handshake per page, never two.
 *
 * It belongs to the token it started with (DESIGN.md §6, session scope): the app adopts it, and
 * the answers of the calls it made ahead, only when its own token, device and API hosts are the
 * same when it asks; else they are discarded unused and the app makes its own client and calls.
 * The secure channel is the device's (DESIGN.md §5), so that client may resume the one the early
 * client saved, as a login as another number goes on with the device's channel.
 */
import type { EndpointName, ProductAnswer, ResponseOf } from '@shared/api/endpoints';
import { OK } from '@shared/codes';
import { HOME_BANNER_LOCATION, WEB_SYSTEM } from '@shared/constants';
import type { UserBaseInfo } from '@shared/envelope';
import { ApiClient, type ApiClientOptions } from '@shared/transport/client';
import {
  appConfigShape,
  bridgeResultShape,
  type HomeFrame,
  hostBaseInfoShape,
  persistedUserShape,
} from '@renderer/lib/bootShapes';
import { type EarlySession, startupPage } from '@renderer/lib/startupPage';
import { type HostProfile, persistedDeviceId } from '@renderer/native';
import { bannersOf } from '@renderer/rules/popupAds';
import { homeFrameOf } from '@renderer/rules/homeButton';
import { userBaseInfoOf, withH5Suffix } from '@renderer/native/baseInfo';
import { indexedDbSessionCache } from './signalSessions';
import { type StartupWindow, startupDecision } from './startupDecision';
import { JsonStorage, StorageKey } from '@renderer/lib/storage';

/** Answers made ahead of the app are used only this long after the session's start. */
export const EARLY_ANSWERS_FRESH_MS = 10_000;

/**
 * The calls a signed-in page makes as soon as its session is up (stores/SessionStore.ts), and at
 * the entry URL Home's (features/home/HomeStore.ts), made once the handshake is done: they leave
 * while the boot chunk is still on the line.
 */
function firstCallsOf(atHome: boolean): ReadonlyArray<readonly [EndpointName, object]> {
  const session = [
    ['userInfo', {}],
    ['unread', {}],
  ] as const;
  if (!atHome) return session;
  return [
    ...session,
    ['loanInfo', {}],
    ['loadAdvertisement', {}],
    ['loadBanner', { location: HOME_BANNER_LOCATION }],
  ];
}

const callKey = (name: string, data: unknown) => `${name} ${JSON.stringify(data)}`;

/** Home's frame once user info and loan info both answered with figures, else undefined. */
async function homeFrameFrom(
  userInfo: Promise<ProductAnswer> | undefined,
  loanInfo: Promise<ProductAnswer> | undefined,
): Promise<HomeFrame | undefined> {
  if (!userInfo || !loanInfo) return undefined;
  const [user, loan] = await Promise.all([userInfo, loanInfo]);
  if (user.code !== OK || loan.code !== OK) return undefined;
  // Parsed with the endpoints' response schemas by the client (code 200).
  const { state } = user.data as ResponseOf<'userInfo'>;
  // No KYC state: Home shows its Loading button, which the app paints itself.
  return state === undefined ? undefined : homeFrameOf(state, loan.data as ResponseOf<'loanInfo'>);
}

/**
 * The picture of Home's first banner (rules/popupAds.ts, `bannersOf`), once both ad calls
 * answered; undefined when there is none or one failed.
 */
async function firstBannerPicture(
  ads: Promise<ProductAnswer> | undefined,
  banner: Promise<ProductAnswer> | undefined,
): Promise<string | undefined> {
  if (!ads || !banner) return undefined;
  const [list, location] = await Promise.all([ads, banner]);
  if (list.code !== OK || location.code !== OK) return undefined;
  // Parsed with the endpoints' response schemas by the client (code 200).
  const first = bannersOf(
    list.data as ResponseOf<'loadAdvertisement'>,
    location.data as ResponseOf<'loadBanner'>,
  )[0];
  return first?.picUrl;
}

/**
 * Fetches Home's largest picture now, at high priority, as `<img>` will ask for it (no CORS, so
 * the image reuses this fetch): the banner is known as soon as its calls answer, long before
 * Home renders it. Only http(s) pictures; a page without a document does nothing.
 */
export function preloadPicture(url: string, doc: Document | undefined = globalThis.document): void {
  if (!doc?.head) return;
  let href: URL;
  try {
    href = new URL(url, doc.baseURI);
  } catch {
    return;
  }
  if (href.protocol !== 'https:' && href.protocol !== 'http:') return;
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href.href;
  link.setAttribute('fetchpriority', 'high');
  doc.head.appendChild(link);
}

/**
 * The bits of `window` the early start reads (tests pass a fake): the startup decision's page,
 * and in the startup record index.html's config request with a copy of its JSON and the host's
 * getBaseInfo answer (lib/startupPage.ts).
 */
export type EarlyWindow = StartupWindow;

/**
 * The base info the app will send (native/webHost.ts, native/nativeBridgeHost.ts): inside a
 * host, its getBaseInfo answer (asked here when index.html has not asked yet, and left for the
 * app); on the web, the saved token and the device id the web host reads.
 */
async function baseInfoOf(
  win: EarlyWindow,
): Promise<{ info: UserBaseInfo; appName: HostProfile } | undefined> {
  const page = startupPage(win);
  if (startupDecision(win).inHost) {
    const bridge = win.nativeBridge as { call(method: string): Promise<unknown> };
    if (page.earlyBaseInfo?.bridge !== bridge) {
      const answer = new Promise<unknown>((resolve) => resolve(bridge.call('getBaseInfo')));
      answer.catch(() => {});
      page.earlyBaseInfo = { bridge, answer };
    }
    const result = bridgeResultShape.safeParse(await page.earlyBaseInfo.answer);
    if (!result.success || result.data.resultCode !== 0) return undefined;
    const info = hostBaseInfoShape.safeParse(result.data.data);
    if (!info.success || !info.data.tokenValue) return undefined;
    const { deviceId, system, tokenValue, version, appName } = info.data;
    return { info: { deviceId: withH5Suffix(deviceId), system, tokenValue, version }, appName };
  }
  const storage = new JsonStorage(win.localStorage);
  const token = storage.read(StorageKey.user, persistedUserShape)?.tokenValue;
  if (!token) return undefined;
  // Created here when this is the device's first call: the web host then reads the same id.
  const deviceId = withH5Suffix(persistedDeviceId(storage)());
  const info = userBaseInfoOf(
    { deviceId, system: WEB_SYSTEM, tokenValue: '', version: '', profile: 'web' },
    token,
  );
  return { info, appName: 'web' };
}

/**
 * Starts the session of a signed-in page: its token and device, and the API hosts of the config
 * index.html has already asked for. Resolves once its first request has left; undefined (nothing
 * started) when any of those is missing; never rejects.
 */
export async function startEarlySession(
  win: EarlyWindow,
  createClient: (options: ApiClientOptions) => ApiClient = (options) => new ApiClient(options),
  now: () => number = Date.now,
  picture: (url: string) => void = preloadPicture,
): Promise<EarlySession | undefined> {
  try {
    const configAnswer = startupPage(win).appConfig?.config;
    if (!configAnswer) return undefined;
    const [host, answer] = await Promise.all([baseInfoOf(win), configAnswer]);
    const config = appConfigShape.safeParse(answer);
    if (!host || !config.success) return undefined;
    const { info } = host;
    let reads = { baseInfo: () => info, token: () => info.tokenValue };
    const sessionCache = indexedDbSessionCache();
    // FastPay's token is the wallet's, not a session: its first call logs in with it
    // (stores/SessionStore.ts), so only the handshake is made ahead.
    const ahead = host.appName === 'fastpay' ? [] : firstCallsOf(startupDecision(win).atEntry);
    let requestLeft = () => {};
    const firstRequest = new Promise<void>((resolve) => {
      requestLeft = resolve;
    });
    const client = createClient({
      apiBase: config.data.apiBase,
      baseInfo: () => reads.baseInfo(),
      token: () => reads.token(),
      ...(sessionCache ? { sessionCache } : {}),
      // The page's fetch at call time (the harness's phone frame routes it), noting the first.
      fetch: (input, init) => {
        requestLeft();
        return globalThis.fetch(input, init);
      },
    });
    const warm = client.warmUp();
    const startedAt = now();
    const answers = new Map<string, Promise<ProductAnswer>>();
    for (const [name, data] of ahead) {
      const answer = client.call(name, data as never) as Promise<ProductAnswer>;
      answer.catch(() => {});
      answers.set(callKey(name, data), answer);
    }
    const homeFrame = homeFrameFrom(
      answers.get(callKey('userInfo', {})),
      answers.get(callKey('loanInfo', {})),
    ).catch(() => undefined);
    firstBannerPicture(
      answers.get(callKey('loadAdvertisement', {})),
      answers.get(callKey('loadBanner', { location: HOME_BANNER_LOCATION })),
    ).then(
      (url) => url && picture(url),
      () => {},
    );
    // Started once its first request has left (the handshake, or a saved session's first
    // call), or the session could not open: the boot loader adds the boot chunk and Home's
    // chunks then (inline/bootLoader.ts), so they never hold HTTP/1.1's six connections while
    // that request waits for one.
    await Promise.race([firstRequest, warm]);
    return {
      token: info.tokenValue,
      deviceId: info.deviceId,
      apiBase: config.data.apiBase,
      homeFrame,
      adopt(baseInfo, token) {
        reads = { baseInfo, token };
        return {
          client,
          takeAnswer(name, data, token) {
            if (token !== info.tokenValue) answers.clear();
            const key = callKey(name, data);
            const answer = answers.get(key);
            answers.delete(key);
            return answer && now() - startedAt <= EARLY_ANSWERS_FRESH_MS ? answer : undefined;
          },
        };
      },
    };
  } catch {
    return undefined;
  }
}
