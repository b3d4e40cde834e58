/**
 * WebKitGTK through W3C WebDriver classic: Debian's WebKitWebDriver starts MiniBrowser in
 * automation mode on a private Xvfb display. The driver has no console or network emulation
 * commands, so console errors come from the in-page recorder (./pageProbe.js) only and the
 * offline step is skipped.
 */
import type { Readable } from 'node:stream';
import { Builder, type WebDriver, type WebElement } from 'selenium-webdriver';
import type { WebKitBrowser } from './browsers';
import { describeTarget, type EnginePage, FIND_ELEMENT, retrying, type Target } from './enginePage';
import { freePort, type Started, start, until } from './processes';

/** A phone-sized window, as the Playwright e2e use. */
const VIEWPORT = { width: 390, height: 844 };

async function startXvfb(binary: string): Promise<{ display: string; xvfb: Started }> {
  // -displayfd: the server picks a free display and writes its number on fd 3.
  const xvfb = start(
    binary,
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    process.env,
    1,
  );
  let written = '';
  (xvfb.child.stdio[3] as Readable).on('data', (chunk: Buffer) => {
    written += chunk.toString();
  });
  const display = await until(
    'Xvfb',
    () => (/\d+\n/.test(written) ? `:${written.trim()}` : null),
    xvfb,
    30_000,
  );
  return { display, xvfb };
}

export async function openWebKit(browser: WebKitBrowser): Promise<EnginePage> {
  const { display, xvfb } = await startXvfb(browser.xvfb);
  const port = await freePort();
  const driverProcess = start(browser.driver, [`--port=${port}`, '--host=local'], {
    ...process.env,
    DISPLAY: display,
    // No GPU here: software rendering, as on a CI machine.
    LIBGL_ALWAYS_SOFTWARE: '1',
  });
  const stopAll = async () => {
    await driverProcess.stop();
    await xvfb.stop();
  };
  let driver: WebDriver;
  try {
    await until(
      'WebKitWebDriver',
      () =>
        fetch(`http://127.0.0.1:${port}/status`).then(
          (res) => (res.ok ? true : null),
          () => null,
        ),
      driverProcess,
    );
    driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: browser.miniBrowser, args: ['--automation'] },
      })
      .build();
    await driver.manage().setTimeouts({ script: 60_000, pageLoad: 90_000 });
    await driver
      .manage()
      .window()
      .setRect(VIEWPORT)
      .catch(() => undefined);
  } catch (error) {
    await stopAll();
    throw error;
  }

  const find = (target: Target) =>
    retrying(`finding ${describeTarget(target)}`, async () => {
      const element = await driver.executeScript<WebElement | null>(
        `return (${FIND_ELEMENT})(arguments[0], arguments[1], arguments[2]);`,
        target.css,
        target.text ?? null,
        target.exact ?? false,
      );
      if (!element) throw new Error('no such element');
      return element;
    });

  return {
    engine: 'webkit',
    goto: (url) => driver.get(url),
    reload: () => driver.navigate().refresh(),
    async evaluate<T>(fn: string, ...args: unknown[]): Promise<T> {
      const answer = await driver.executeAsyncScript<string>(
        `const done = arguments[arguments.length - 1];
        Promise.resolve()
          .then(() => (${fn})(...JSON.parse(arguments[0])))
          .then(
            (value) => done(JSON.stringify({ value: value === undefined ? null : value })),
            (error) => done(JSON.stringify({ error: String((error && error.stack) || error) })),
          );`,
        JSON.stringify(args),
      );
      const parsed = JSON.parse(answer) as { value?: T; error?: string };
      if (parsed.error !== undefined) throw new Error(`in the page: ${parsed.error}`);
      return parsed.value as T;
    },
    click: (target) =>
      retrying(`clicking ${describeTarget(target)}`, async () => (await find(target)).click()),
    async type(target, text) {
      await retrying(`typing into ${describeTarget(target)}`, async () => {
        const field = await find(target);
        await field.click();
        await field.sendKeys(text);
      });
    },
    network: null,
    driverErrors: () => [],
    async close() {
      await driver.quit().catch(() => undefined);
      await stopAll();
    },
  };
}
