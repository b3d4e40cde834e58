/**
 * Firefox ESR through WebDriver BiDi, which Firefox serves itself (`--remote-debugging-port`): no
 * geckodriver, which Debian does not package. The BiDi socket is selenium-webdriver's; the
 * commands are the W3C BiDi ones. Console errors come from BiDi's log events as well as the
 * in-page recorder; offline is BiDi's network emulation.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BiDiSocket from 'selenium-webdriver/bidi/index.js';
import { describeTarget, type EnginePage, FIND_ELEMENT, retrying, type Target } from './enginePage';
import { type Started, start, until } from './processes';

const VIEWPORT = { width: 390, height: 844 };

/** Quiet, offline-friendly profile: no first-run pages, updates or telemetry (no internet here). */
const PREFS: Record<string, string | boolean | number> = {
  'browser.shell.checkDefaultBrowser': false,
  'browser.startup.page': 0,
  'browser.aboutwelcome.enabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.reportingpolicy.firstRun': false,
  'app.update.disabledForTesting': true,
  'extensions.update.enabled': false,
  'network.captive-portal-service.enabled': false,
  'browser.safebrowsing.update.enabled': false,
};

interface ScriptResult {
  type: 'success' | 'exception';
  result?: { type: string; value?: unknown; sharedId?: string };
  exceptionDetails?: { text?: string };
}

export async function openFirefox(binary: string): Promise<EnginePage> {
  const profile = await mkdtemp(path.join(tmpdir(), 'dl-engines-firefox-'));
  await writeFile(
    path.join(profile, 'user.js'),
    Object.entries(PREFS)
      .map(([name, value]) => `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});\n`)
      .join(''),
  );
  const firefox: Started = start(binary, [
    '--headless',
    '--no-remote',
    '--profile',
    profile,
    '--remote-debugging-port=0',
    'about:blank',
  ]);
  const stopAll = async () => {
    await firefox.stop();
    await rm(profile, { recursive: true, force: true });
  };
  let socket: BiDiSocket;
  let context: string;
  const errors: string[] = [];
  try {
    const url = await until(
      'Firefox WebDriver BiDi',
      () => /WebDriver BiDi listening on (ws:\/\/\S+)/.exec(firefox.stderr())?.[1] ?? null,
      firefox,
    );
    socket = new BiDiSocket(`${url}/session`);
    await socket.waitForConnection();
    const send = bidi(socket);
    await send('session.new', { capabilities: {} });
    const tree = (await send('browsingContext.getTree', {})) as {
      contexts: { context: string }[];
    };
    context = tree.contexts[0]?.context ?? '';
    socket.on('log.entryAdded', (entry) => {
      if (entry.level !== 'error') return;
      const where = (entry.source as { context?: string } | undefined)?.context;
      if (where && where !== context) return;
      errors.push(`${String(entry.type)} error: ${String(entry.text)}`);
    });
    await send('session.subscribe', { events: ['log.entryAdded'] });
    await send('browsingContext.setViewport', { context, viewport: VIEWPORT });
  } catch (error) {
    await stopAll();
    throw error;
  }
  const send = bidi(socket);

  const call = async (fn: string, args: unknown[], ownership: 'root' | 'none') => {
    const answer = (await send('script.callFunction', {
      functionDeclaration: fn,
      arguments: args.map((value) => ({ type: 'string', value: JSON.stringify(value) })),
      target: { context },
      awaitPromise: true,
      resultOwnership: ownership,
    })) as ScriptResult;
    if (answer.type === 'exception') {
      throw new Error(`in the page: ${answer.exceptionDetails?.text ?? 'exception'}`);
    }
    return answer.result;
  };

  const find = (target: Target) =>
    retrying(`finding ${describeTarget(target)}`, async () => {
      const node = await call(
        `(css, text, exact) => (${FIND_ELEMENT})(JSON.parse(css), JSON.parse(text), JSON.parse(exact))`,
        [target.css, target.text ?? null, target.exact ?? false],
        'root',
      );
      if (node?.type !== 'node' || !node.sharedId) throw new Error('no such element');
      return node.sharedId;
    });

  const clickAt = async (sharedId: string) => {
    await send('input.performActions', {
      context,
      actions: [
        {
          type: 'pointer',
          id: 'mouse',
          parameters: { pointerType: 'mouse' },
          actions: [
            { type: 'pointerMove', x: 0, y: 0, origin: { type: 'element', element: { sharedId } } },
            { type: 'pointerDown', button: 0 },
            { type: 'pointerUp', button: 0 },
          ],
        },
      ],
    });
  };

  return {
    engine: 'firefox',
    goto: async (url) =>
      void (await send('browsingContext.navigate', { context, url, wait: 'complete' })),
    reload: async () => void (await send('browsingContext.reload', { context, wait: 'complete' })),
    async evaluate<T>(fn: string, ...args: unknown[]): Promise<T> {
      const result = await call(
        `async (json) => JSON.stringify(await (${fn})(...JSON.parse(json)) ?? null)`,
        [args],
        'none',
      );
      return JSON.parse(String(result?.value)) as T;
    },
    click: (target) =>
      retrying(`clicking ${describeTarget(target)}`, async () => clickAt(await find(target))),
    async type(target, text) {
      await retrying(`typing into ${describeTarget(target)}`, async () => {
        await clickAt(await find(target));
        await send('input.performActions', {
          context,
          actions: [
            {
              type: 'key',
              id: 'keyboard',
              actions: [...text].flatMap((value) => [
                { type: 'keyDown', value },
                { type: 'keyUp', value },
              ]),
            },
          ],
        });
      });
    },
    network: {
      async setOffline(offline) {
        await send('emulation.setNetworkConditions', {
          networkConditions: offline ? { type: 'offline' } : null,
          contexts: [context],
        });
      },
    },
    driverErrors: () => errors,
    async close() {
      await send('session.end', {}).catch(() => undefined);
      await socket.close().catch(() => undefined);
      await stopAll();
    },
  };
}

/** A BiDi command that resolves with its result and rejects with the protocol's error. */
function bidi(socket: BiDiSocket) {
  return async (method: string, params: Record<string, unknown>): Promise<unknown> => {
    const answer = await socket.send({ method, params });
    if (answer.type === 'error') {
      throw new Error(`${method}: ${answer.error ?? 'error'} ${answer.message ?? ''}`.trim());
    }
    return answer.result;
  };
}
