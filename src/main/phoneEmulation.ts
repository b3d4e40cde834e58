/**
 * The phone as its page sees it, through the DevTools protocol of the app window: viewport, pixel
 * ratio, safe-area insets, touch, the webview's user agent, the market's time zone, the network
 * state and the phone-clock script. Every override lives in the debugger session, and a session
 * that ends takes them all (electron/electron spec/api-debugger-spec.ts: "clears device metrics
 * overrides left behind by the session"): the page is a desktop page again, online, in the
 * desktop's zone and on the real clock.
 *
 * What Electron does (docs/api/debugger.md, shell/browser/api/electron_api_debugger.cc):
 * - `detach` has one reason, "target closed", whether the page closed or the session was ended
 *   otherwise (`Debugger::AgentHostClosed`), so the page's own state says which: a page that is
 *   destroyed is gone; any other detach attaches again and re-applies everything;
 * - opening DevTools does not detach this debugger (DevTools are a second client of the page:
 *   spec "returns response when devtools is opened"), and `attach()` works while they are open
 *   (spec "succeeds when devtools is already open"). Where an attach is refused all the same (an
 *   Electron that allowed one client, as before 2018), DevTools closing gives the next chance;
 * - commands still waiting when the session ends reject ("target closed while handling
 *   command"): each step says so, and the re-attach re-applies what they were for.
 */
import type { WebContents } from 'electron';
import type { DevicePreset } from '@host/devices';
import { appInsets } from '@host/devices';
import { type PhoneClock, phoneClockScript } from '@host/phoneClock';

type Debugger = Pick<WebContents['debugger'], 'attach' | 'isAttached' | 'sendCommand' | 'on'>;

/** The part of an app window's webContents the emulation drives. */
interface EmulatedContents {
  debugger: Debugger;
  on(event: 'devtools-closed' | 'destroyed', listener: () => void): unknown;
  isDestroyed(): boolean;
}

/** What the phone is now: the emulation reads it whenever it (re-)applies. */
interface PhoneState {
  preset: DevicePreset;
  /** Scale of the drawn page when the device does not fit the screen (1 = CSS px on screen). */
  scale: number;
  online: boolean;
  clock: PhoneClock | null;
}

/**
 * The phone's time zone: a borrower's phone is in the product's markets (PH, TW and HK, all
 * UTC+8 without daylight saving; DESIGN.md §6 "Market calendar"), whatever the desktop's is.
 */
const PHONE_TIME_ZONE = 'Asia/Manila';

export class PhoneEmulation {
  /** The DevTools-protocol id of the phone-clock script, while one is installed. */
  private clockScriptId: string | null = null;
  private reattaching = false;
  /** The page is gone (its webContents destroyed): nothing to attach to any more. */
  private gone = false;
  /**
   * Protocol work runs one step at a time, each reading the state when it runs: an emulation
   * started before a network change can never finish after it with the old value.
   */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly contents: EmulatedContents,
    private readonly state: () => PhoneState,
  ) {
    contents.debugger.on('detach', () => this.scheduleReattach());
    contents.on('destroyed', () => {
      this.gone = true;
    });
    // Where the debugger could not attach while DevTools were open, it can now.
    contents.on('devtools-closed', () => {
      if (!this.isGone()) void this.applyAll();
    });
  }

  /** Device, network and clock script, all from the current state. */
  applyAll(): Promise<void> {
    void this.applyDevice();
    return this.step(async () => {
      const { clock } = this.state();
      if (clock) await this.installClock(clock, false);
    });
  }

  /** The device preset, then the network state (a metrics override must not lose it). */
  applyDevice(): Promise<boolean> {
    return this.step(async () => {
      const { preset, scale } = this.state();
      const emulated = await emulateDevice(this.contents, preset, scale);
      return (await emulateOffline(this.contents, !this.state().online)) && emulated;
    });
  }

  applyOnline(): Promise<boolean> {
    return this.step(() => emulateOffline(this.contents, !this.state().online));
  }

  /**
   * The page's Date follows the phone clock from the next document on; `live` also sets it in the
   * running page (a clock change while the app runs).
   */
  setClock(clock: PhoneClock | null, live: boolean): Promise<void> {
    return this.step(() => this.installClock(clock, live));
  }

  private async installClock(clock: PhoneClock | null, live: boolean): Promise<void> {
    if (this.clockScriptId) await removeStartScript(this.contents, this.clockScriptId);
    this.clockScriptId = clock
      ? await addStartScript(this.contents, phoneClockScript(clock))
      : null;
    if (live) await evaluateInPage(this.contents, phoneClockScript(clock));
  }

  /** Runs `work` after every step queued before it (each step reports its own failures). */
  private step<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** A clock script is installed for the next document. */
  get hasClockScript(): boolean {
    return this.clockScriptId !== null;
  }

  private isGone(): boolean {
    return this.gone || this.contents.isDestroyed();
  }

  private scheduleReattach(): void {
    // The old session's scripts went with it.
    this.clockScriptId = null;
    if (this.reattaching) return;
    this.reattaching = true;
    // Out of the detach event, and after the page has had its turn to say it is being destroyed
    // (the order of the two is not Electron's promise).
    setTimeout(() => {
      this.reattaching = false;
      if (this.isGone()) return;
      void this.applyAll();
    }, 0);
  }
}

type Protocol = { debugger: Pick<Debugger, 'attach' | 'isAttached' | 'sendCommand'> };

function attached(contents: Protocol): Protocol['debugger'] {
  const { debugger: protocol } = contents;
  if (!protocol.isAttached()) protocol.attach('1.3');
  return protocol;
}

/** Runs `source` first in every new document of the page until removed; answers its id. */
export async function addStartScript(contents: Protocol, source: string): Promise<string | null> {
  try {
    const protocol = attached(contents);
    await protocol.sendCommand('Page.enable');
    const answer = (await protocol.sendCommand('Page.addScriptToEvaluateOnNewDocument', {
      source,
    })) as { identifier?: string } | undefined;
    return answer?.identifier ?? null;
  } catch (error) {
    console.warn('Could not add a start script to the app window:', error);
    return null;
  }
}

export async function removeStartScript(contents: Protocol, identifier: string): Promise<void> {
  try {
    const protocol = attached(contents);
    await protocol.sendCommand('Page.removeScriptToEvaluateOnNewDocument', { identifier });
  } catch {
    // The window or its debugger is gone: so is the script.
  }
}

async function evaluateInPage(contents: Protocol, expression: string): Promise<void> {
  try {
    const protocol = attached(contents);
    await protocol.sendCommand('Runtime.evaluate', { expression });
  } catch (error) {
    console.warn('Could not run a script in the app window:', error);
  }
}

/**
 * The device as the page sees it: safe-area insets (what env(safe-area-inset-*) answers on a
 * notched phone), pixel ratio and mobile viewport, touch, the webview's user agent and the
 * market's time zone. `scale`
 * draws a device larger than the screen smaller, its CSS size unchanged.
 */
async function emulateDevice(
  contents: Protocol,
  preset: DevicePreset,
  scale = 1,
): Promise<boolean> {
  try {
    const protocol = attached(contents);
    await protocol.sendCommand('Emulation.setDeviceMetricsOverride', {
      width: preset.width,
      height: preset.height,
      deviceScaleFactor: preset.dpr,
      mobile: true,
      // Always sent, so a phone shown after the fitted tablet is drawn at its own size again.
      scale,
    });
    await protocol.sendCommand('Emulation.setSafeAreaInsetsOverride', {
      insets: appInsets(preset),
    });
    await protocol.sendCommand('Emulation.setTouchEmulationEnabled', {
      enabled: preset.touch,
      maxTouchPoints: preset.touch ? 5 : 0,
    });
    await protocol.sendCommand('Emulation.setUserAgentOverride', { userAgent: preset.userAgent });
    await protocol.sendCommand('Emulation.setTimezoneOverride', { timezoneId: PHONE_TIME_ZONE });
  } catch (error) {
    console.warn('Could not emulate the device in the app window:', error);
    return false;
  }
  return true;
}

/**
 * Offline as a phone without network: the DevTools protocol fails every request of the page that
 * goes through Chromium's network stack (fetch, XHR, beacons, images from the mock server), flips
 * navigator.onLine and fires the offline/online events. `session.enableNetworkEmulation` is known
 * not to block requests, so it is not used; `protocol.handle` loaders (app://, dev's http) are
 * outside this emulation and refuse on their own (sessions.ts).
 */
async function emulateOffline(contents: Protocol, offline: boolean): Promise<boolean> {
  try {
    const protocol = attached(contents);
    await protocol.sendCommand('Network.enable');
    await protocol.sendCommand('Network.emulateNetworkConditions', {
      offline,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    return true;
  } catch (error) {
    console.warn('Could not emulate the network state in the app window:', error);
    return false;
  }
}
