import { afterEach, describe, expect, it } from 'vitest';
import type { EarlySession, StartupPage } from '@renderer/lib/startupPage';
import { run } from './bootLoader';

const values = { bootEntry: './assets/index.abc.js', homeFiles: ['./assets/home.js'] };

/** A page whose timers the test fires itself, with the startup record given. */
function page(startup: StartupPage | undefined) {
  const timers: (() => void)[] = [];
  return {
    timers,
    win: {
      document,
      __dlStartup: startup,
      setTimeout: (callback: () => void) => timers.push(callback),
    },
  };
}

const bootScripts = () => document.body.querySelectorAll('script[type="module"]');
const homePreloads = () => document.head.querySelectorAll('link[rel="modulepreload"]');

/** Lets every settled promise's reactions run (no timer involved). */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe("index.html's boot loader", () => {
  it('signed out (no early session): adds the boot chunk at once', () => {
    run(page({ decision: undefined }).win, values);
    expect(bootScripts()).toHaveLength(1);
    expect(bootScripts()[0]?.getAttribute('src')).toBe(values.bootEntry);
  });

  it("signed in: adds the boot chunk and Home's chunks once the early session has started", async () => {
    let started = (_session: EarlySession | undefined) => {};
    const earlySession = new Promise<EarlySession | undefined>((resolve) => {
      started = resolve;
    });
    const { win } = page({
      decision: { inHost: true, signedIn: true, atEntry: true, atLogin: false, frame: 'home' },
      earlySession,
    });
    run(win, values);
    await settle();
    // The session's code is still on its way: nothing else on the line yet.
    expect(bootScripts()).toHaveLength(0);
    expect(homePreloads()).toHaveLength(0);
    started({} as EarlySession);
    await settle();
    expect(bootScripts()).toHaveLength(1);
    expect([...homePreloads()].map((link) => link.getAttribute('href'))).toEqual(values.homeFiles);
  });

  it("adds the boot chunk after its bound when the session's own code never arrives", async () => {
    const { win, timers } = page({
      decision: { inHost: true, signedIn: true, atEntry: true, atLogin: false, frame: 'home' },
      earlySession: new Promise<EarlySession | undefined>(() => {}),
    });
    run(win, values);
    await settle();
    expect(bootScripts()).toHaveLength(0);
    for (const fire of timers) fire();
    await settle();
    expect(bootScripts()).toHaveLength(1);
    expect(homePreloads()).toHaveLength(1);
  });

  it('loads the boot chunk when the early session started nothing or failed', async () => {
    for (const earlySession of [Promise.resolve(undefined), Promise.reject(new Error('offline'))]) {
      earlySession.catch(() => {});
      run(page({ decision: undefined, earlySession }).win, values);
    }
    await settle();
    expect(bootScripts()).toHaveLength(2);
  });
});
