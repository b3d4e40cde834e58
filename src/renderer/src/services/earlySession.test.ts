import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient, ApiClientOptions } from '@shared/transport/client';
import { fakeBridge, ok } from '@tests/support/renderer/fakes';
import { type EarlySession, startupPage } from '@renderer/lib/startupPage';
import { createApiTransport } from './apiTransport';
import {
  EARLY_ANSWERS_FRESH_MS,
  type EarlyWindow,
  preloadPicture,
  startEarlySession,
} from './earlySession';
import { JsonStorage, memoryStorage, StorageKey } from '@renderer/lib/storage';

const config = {
  env: 'development' as const,
  apiBase: { main: 'http://x/main/', channel: 'http://x/channel/', hk: 'http://x/hk/' },
  sentryDsn: null,
};

/**
 * A client that answers every call with its name (or the answer given for it), and records what
 * it was asked.
 */
function fakeClient(answers: Record<string, () => Promise<unknown>> = {}) {
  const made: ApiClientOptions[] = [];
  const calls: { name: string; data: unknown }[] = [];
  const warmUps = vi.fn(async () => {});
  const create = (options: ApiClientOptions) => {
    made.push(options);
    return {
      warmUp: warmUps,
      call: async (name: string, data: unknown) => {
        calls.push({ name, data });
        return answers[name] ? answers[name]() : ok({ name });
      },
    } as unknown as ApiClient;
  };
  return { made, calls, warmUps, create };
}

function page(options: {
  token?: string;
  path?: string;
  bridge?: unknown;
  config?: unknown;
}): EarlyWindow {
  const storage = memoryStorage();
  if (options.token) {
    new JsonStorage(storage).write(StorageKey.user, {
      tokenValue: options.token,
      user: null,
      loanInfo: null,
    });
  }
  new JsonStorage(storage).write(StorageKey.deviceId, 'web-1');
  return {
    localStorage: storage,
    sessionStorage: memoryStorage(),
    location: { pathname: options.path ?? '/' },
    document: { baseURI: 'http://x/' },
    nativeBridge: options.bridge,
    __dlStartup: {
      appConfig: {
        url: 'http://x/app-config.json',
        response: Promise.resolve(Response.json(options.config ?? config)),
        config: Promise.resolve(options.config ?? config),
      },
    },
  };
}

/** The FastPay wallet's host, whose token W1 is the wallet's. */
const fastPayBridge = () =>
  fakeBridge({
    getBaseInfo: {
      resultCode: 0,
      data: {
        deviceId: 'd1',
        system: 'android',
        tokenValue: 'W1',
        version: '1',
        appName: 'fastpay',
      },
    },
  });

afterEach(() => {
  globalThis.__dlStartup = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the session started before the boot chunk (DESIGN.md §5)', () => {
  it('signed in on the web: shakes hands with the saved token and device, and makes Home’s first calls', async () => {
    const client = fakeClient();
    const early = await startEarlySession(page({ token: 'T1' }), client.create);
    expect(early).toMatchObject({ token: 'T1', deviceId: 'web-1-h5', apiBase: config.apiBase });
    expect(client.made).toHaveLength(1);
    expect(client.made[0]?.token()).toBe('T1');
    expect(client.made[0]?.baseInfo()).toMatchObject({ deviceId: 'web-1-h5', tokenValue: 'T1' });
    expect(client.warmUps).toHaveBeenCalledTimes(1);
    expect(client.calls.map((call) => call.name)).toEqual([
      'userInfo',
      'unread',
      'loanInfo',
      'loadAdvertisement',
      'loadBanner',
    ]);
  });

  it('is started once its first request has left, so the boot chunk never holds a connection it waits for', async () => {
    let opened = () => {};
    const opening = new Promise<void>((resolve) => {
      opened = resolve;
    });
    let options: ApiClientOptions | undefined;
    const client = fakeClient();
    const create = (made: ApiClientOptions) => {
      options = made;
      return { ...client.create(made), warmUp: () => opening } as unknown as ApiClient;
    };
    const sent: string[] = [];
    vi.stubGlobal('fetch', async (input: string) => {
      sent.push(input);
      return new Response('{}');
    });
    let started = false;
    const early = startEarlySession(page({ token: 'T1' }), create).then((session) => {
      started = true;
      return session;
    });
    await expect.poll(() => options).toBeDefined();
    await Promise.resolve();
    expect(started).toBe(false);
    // The client's first request goes through the page's fetch of the moment.
    await options?.fetch?.('http://x/main/config/getServicePublicKey', { method: 'POST' });
    expect(sent).toEqual(['http://x/main/config/getServicePublicKey']);
    expect(await early).toMatchObject({ token: 'T1' });
    expect(started).toBe(true);
    opened();
  });

  it('away from the entry URL only the session’s own calls are made ahead', async () => {
    const client = fakeClient();
    await startEarlySession(page({ token: 'T1', path: '/bill' }), client.create);
    expect(client.calls.map((call) => call.name)).toEqual(['userInfo', 'unread']);
  });

  it('starts nothing signed out, or without a valid config', async () => {
    const client = fakeClient();
    expect(await startEarlySession(page({}), client.create)).toBeUndefined();
    expect(
      await startEarlySession(page({ token: 'T1', config: { apiBase: 1 } }), client.create),
    ).toBeUndefined();
    expect(client.made).toHaveLength(0);
  });

  it('inside the lender app: asks the host once and leaves its answer for the app', async () => {
    const bridge = fakeBridge({
      getBaseInfo: {
        resultCode: 0,
        data: {
          deviceId: 'd1',
          system: 'android',
          tokenValue: 'H1',
          version: '2.9.0',
          appName: 'lender',
        },
      },
    });
    const win = page({ bridge });
    const client = fakeClient();
    const early = await startEarlySession(win, client.create);
    expect(early).toMatchObject({ token: 'H1', deviceId: 'd1-h5' });
    expect(bridge.calls.map((call) => call.method)).toEqual(['getBaseInfo']);
    expect(win.__dlStartup?.earlyBaseInfo?.bridge).toBe(bridge);
  });

  it('inside FastPay (a wallet token, not a session) shakes hands but makes no call ahead', async () => {
    const bridge = fastPayBridge();
    const client = fakeClient();
    expect(await startEarlySession(page({ bridge }), client.create)).toMatchObject({ token: 'W1' });
    expect(client.warmUps).toHaveBeenCalledTimes(1);
    expect(client.calls).toHaveLength(0);
  });
});

describe('Home’s frame from the first answers (src/renderer/inline/firstFrame.ts paints it)', () => {
  const loan = {
    lastAmount: 15000,
    creditAmount: 20000,
    monthlyInterest: 3,
    state: 0,
    type: 1,
    loanAmount: 0,
    dueAmount: 0,
    dueDay: 0,
    dueTime: 0,
  };
  const approved = {
    userInfo: async () => ok({ state: 5 }),
    loanInfo: async () => ok(loan),
  };

  it('at the entry URL: the headline, amount and main button of the user and loan info', async () => {
    const early = await startEarlySession(page({ token: 'T1' }), fakeClient(approved).create);
    expect(await early?.homeFrame).toEqual({
      caption: 'Available amount',
      amount: '₱15,000',
      button: { label: 'Apply Now', disabled: false },
    });
  });

  it('none when either call failed, was refused or has no KYC state yet', async () => {
    const cases = [
      { ...approved, loanInfo: async () => Promise.reject(new Error('offline')) },
      { ...approved, userInfo: async () => ({ code: 401, message: 'Please log in', data: null }) },
      { ...approved, userInfo: async () => ok({}) },
    ];
    for (const answers of cases) {
      const early = await startEarlySession(page({ token: 'T1' }), fakeClient(answers).create);
      expect(await early?.homeFrame).toBeUndefined();
    }
  });

  it('none away from the entry URL, nor inside FastPay (no call is made ahead there)', async () => {
    const away = await startEarlySession(
      page({ token: 'T1', path: '/bill' }),
      fakeClient(approved).create,
    );
    expect(await away?.homeFrame).toBeUndefined();
    const bridge = fastPayBridge();
    const wallet = await startEarlySession(page({ bridge }), fakeClient(approved).create);
    expect(await wallet?.homeFrame).toBeUndefined();
  });
});

describe('Home’s banner picture, its largest paint', () => {
  const ad = (id: number, type: number, picUrl: string) => ({ id, type, link: '', picUrl });

  it('is fetched as soon as both ad calls answered: the first banner Home will show', async () => {
    const asked: string[] = [];
    const answers = {
      loadAdvertisement: async () =>
        ok([ad(1, 2, 'http://x/popup.png'), ad(2, 1, 'http://x/first.png')]),
      loadBanner: async () => ok(ad(3, 1, 'http://x/location.png')),
    };
    await startEarlySession(page({ token: 'T1' }), fakeClient(answers).create, Date.now, (url) =>
      asked.push(url),
    );
    await vi.waitFor(() => expect(asked).toEqual(['http://x/first.png']));
    // No ad of its own: the location's banner is the first.
    const onlyLocation = { ...answers, loadAdvertisement: async () => ok([]) };
    const second: string[] = [];
    await startEarlySession(
      page({ token: 'T1' }),
      fakeClient(onlyLocation).create,
      Date.now,
      (url) => second.push(url),
    );
    await vi.waitFor(() => expect(second).toEqual(['http://x/location.png']));
  });

  it('is not fetched away from Home, without a banner or when a call failed', async () => {
    const asked: string[] = [];
    const record = (url: string) => asked.push(url);
    const answers = {
      loadAdvertisement: async () => ok([ad(2, 1, 'http://x/first.png')]),
      loadBanner: async () => ok(null),
    };
    await startEarlySession(
      page({ token: 'T1', path: '/bill' }),
      fakeClient(answers).create,
      Date.now,
      record,
    );
    const failed = { ...answers, loadBanner: async () => Promise.reject(new Error('offline')) };
    const early = await startEarlySession(
      page({ token: 'T1' }),
      fakeClient(failed).create,
      Date.now,
      record,
    );
    const none = { loadAdvertisement: async () => ok([]), loadBanner: async () => ok(null) };
    const empty = await startEarlySession(
      page({ token: 'T1' }),
      fakeClient(none).create,
      Date.now,
      record,
    );
    await Promise.all([early?.homeFrame, empty?.homeFrame]);
    // A page that does fetch it, started after them: once it has, they would have too.
    const later: string[] = [];
    await startEarlySession(page({ token: 'T1' }), fakeClient(answers).create, Date.now, (url) =>
      later.push(url),
    );
    await vi.waitFor(() => expect(later).toEqual(['http://x/first.png']));
    expect(asked).toEqual([]);
  });

  it('is preloaded at high priority as an image, http(s) only', () => {
    document.head.innerHTML = '';
    preloadPicture('/media/ads/banner.svg');
    preloadPicture('javascript:alert(1)');
    const links = [...document.head.querySelectorAll('link')];
    expect(links).toHaveLength(1);
    expect(links[0]?.rel).toBe('preload');
    expect(links[0]?.as).toBe('image');
    expect(links[0]?.getAttribute('fetchpriority')).toBe('high');
    expect(links[0]?.href).toBe(new URL('/media/ads/banner.svg', document.baseURI).href);
  });
});

describe('the app’s transport and the early session (DESIGN.md §6, session scope)', () => {
  const baseInfo = (tokenValue: string) => () => ({
    deviceId: 'web-1-h5',
    system: 'H5',
    tokenValue,
    version: '',
  });

  it('adopts it once for the same token: the first calls take its answers, later ones ask', async () => {
    const client = fakeClient();
    const early = startEarlySession(page({ token: 'T1' }), client.create);
    startupPage().earlySession = early;
    const transport = createApiTransport(config, baseInfo('T1'), () => 'T1');
    await transport.call('userInfo', {});
    expect(client.calls.filter((call) => call.name === 'userInfo')).toHaveLength(1);
    await transport.call('userInfo', {});
    expect(client.calls.filter((call) => call.name === 'userInfo')).toHaveLength(2);
    // The adopted client now reads the app's token and base info.
    expect(client.made[0]?.token()).toBe('T1');
    expect(startupPage().earlySession).toBeUndefined();
  });

  it('answers made ahead go stale: a call long after the start asks the server', async () => {
    const start = Date.now();
    let now = start;
    const client = fakeClient();
    const early = startEarlySession(page({ token: 'T1' }), client.create, () => now);
    startupPage().earlySession = early;
    const transport = createApiTransport(config, baseInfo('T1'), () => 'T1');
    await early;
    now = start + EARLY_ANSWERS_FRESH_MS + 1;
    await transport.call('unread', {});
    expect(client.calls.filter((call) => call.name === 'unread')).toHaveLength(2);
  });

  it('its answers are its session’s: a call of the next session asks the server, and none is taken after', async () => {
    const client = fakeClient({
      loanInfo: async () => ({ code: 9000001, message: 'ended', data: null }),
    });
    const early = startEarlySession(page({ token: 'T1' }), client.create);
    startupPage().earlySession = early;
    let token = 'T1';
    const transport = createApiTransport(
      config,
      () => baseInfo(token)(),
      () => token,
    );
    // The session ends on its first answer; the borrower logs in again.
    expect((await transport.call('userInfo', {})).code).toBe(200);
    token = 'T2';
    const loanInfo = client.calls.filter((call) => call.name === 'loanInfo');
    expect(loanInfo).toHaveLength(1);
    await transport.call('loanInfo', {});
    expect(client.calls.filter((call) => call.name === 'loanInfo')).toHaveLength(2);
    // Back to the first token within the freshness window: what was made ahead is gone.
    token = 'T1';
    await transport.call('unread', {});
    expect(client.calls.filter((call) => call.name === 'unread')).toHaveLength(2);
  });

  it('the app’s calls carry the token of the session they were made in', async () => {
    const made: { name: string; token: string | undefined }[] = [];
    const client = fakeClient();
    const early = startEarlySession(page({ token: 'T1' }), (options) => {
      const real = client.create(options);
      return {
        ...real,
        warmUp: real.warmUp,
        call: (name: never, data: never, callOptions?: { caller?: { token: string } }) => {
          made.push({ name, token: callOptions?.caller?.token });
          return real.call(name, data);
        },
      } as unknown as ApiClient;
    });
    startupPage().earlySession = early;
    let token = 'T1';
    const transport = createApiTransport(
      config,
      () => baseInfo(token)(),
      () => token,
    );
    await transport.call('userInfo', {});
    const call = transport.call('repayPlan', { pageNum: 1, pageSize: 20, type: '' });
    // Logged out before the call reached the client: it still belongs to T1.
    token = '';
    await call;
    expect(made.find((entry) => entry.name === 'repayPlan')?.token).toBe('T1');
  });

  it('discards it when the token changed before the app asked', async () => {
    const client = fakeClient();
    const early = await startEarlySession(page({ token: 'T1' }), client.create);
    const adopt = vi.spyOn(early as EarlySession, 'adopt');
    startupPage().earlySession = Promise.resolve(early);
    const transport = createApiTransport(config, baseInfo('T2'), () => 'T2');
    await expect(transport.call('userInfo', {})).rejects.toThrow();
    expect(adopt).not.toHaveBeenCalled();
  });
});
