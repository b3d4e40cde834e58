/**
 * The harness page's side of the phone service worker (phoneWorker/worker.ts): registers it at
 * the app's base, tells it which document is this page's phone and whether it is online, and
 * answers the prepare script of each phone document (PREPARE_HOOK). Where service workers are
 * unavailable (an insecure origin, e.g. the harness opened by a LAN address), startPhoneWorker
 * answers null and the phone is prepared in an about:blank frame instead (frameBridge.mountApp).
 */
import {
  NO_CONNECTION_MARK,
  PHONE_WORKER_SCRIPT,
  type PhoneState,
  type PhoneWorkerMessage,
  PREPARE_HOOK,
} from './phoneWorker/protocol';

/** The worker as a harness page uses it. */
export interface PhoneWorker {
  /** Says this page is open; resolves once the worker knows (before the phone loads a page). */
  hello(): Promise<void>;
  /** The phone's current document and its network (on prepare and on every change). */
  tell(phone: PhoneState): void;
}

/** How long the harness waits for its worker before it falls back to about:blank phones. */
const START_TIMEOUT_MS = 10_000;
/**
 * The page says hello this often: a service worker that had nothing to do would be stopped and
 * forget its phones; a new build's worker learns them again.
 */
const KEEP_ALIVE_MS = 10_000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
    promise.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        window.clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function activated(worker: ServiceWorker): Promise<void> {
  if (worker.state === 'activated') return Promise.resolve();
  return new Promise((resolve, reject) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve();
      else if (worker.state === 'redundant') reject(new Error('The phone worker was replaced'));
    });
  });
}

/**
 * Registers the phone worker with `appBase` as its scope and waits until it is active; null
 * (with the reason on the console) where the harness has to do without it.
 */
export async function startPhoneWorker(appBase: string): Promise<PhoneWorker | null> {
  if (!window.isSecureContext || !('serviceWorker' in navigator)) {
    console.warn('[harness] No service workers on this origin: offline cannot stop chunks.');
    return null;
  }
  try {
    const registration = await withTimeout(
      (async () => {
        const found = await navigator.serviceWorker.register(
          new URL(PHONE_WORKER_SCRIPT, appBase),
          { scope: appBase },
        );
        const worker = found.installing ?? found.waiting ?? found.active;
        if (worker) await activated(worker);
        return found;
      })(),
      START_TIMEOUT_MS,
      'Starting the phone service worker',
    );
    return connect(registration);
  } catch (error) {
    console.warn('[harness] The phone service worker did not start:', error);
    return null;
  }
}

function connect(registration: ServiceWorkerRegistration): PhoneWorker {
  const owner = crypto.randomUUID?.() ?? Math.random().toString(36).slice(2);
  let phone: PhoneState | undefined;
  const post = (message: PhoneWorkerMessage, transfer: Transferable[] = []) =>
    registration.active?.postMessage(message, transfer);
  const hello = () =>
    new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      post({ type: 'sim-phone:hello', owner, ...(phone ? { phone } : {}) }, [channel.port2]);
      // A worker that cannot answer must not keep the phone blank: it loads unprepared, and the
      // harness then prepares it without the worker (PhoneStage).
      window.setTimeout(resolve, 2_000);
    });
  window.setInterval(() => void hello(), KEEP_ALIVE_MS);
  registration.addEventListener('updatefound', () => {
    const next = registration.installing;
    if (next) void activated(next).then(hello, () => undefined);
  });
  return {
    hello,
    tell(next) {
      phone = next;
      post({ type: 'sim-phone:state', owner, phone: next });
    },
  };
}

type Prepare = (frame: Window, clientId: string) => void;
const phoneFrames = new Map<HTMLIFrameElement, Prepare>();

/**
 * Lets the prepare script of `iframe`'s documents reach `prepare` (synchronously, before the
 * app's first line). Answers false to any other frame, which the worker then leaves alone.
 */
export function acceptPhoneFrame(iframe: HTMLIFrameElement, prepare: Prepare): () => void {
  const page = window as unknown as Record<string, unknown>;
  page[PREPARE_HOOK] ??= (frame: Window, clientId: string): boolean => {
    for (const [element, prepareFrame] of phoneFrames) {
      if (element.contentWindow !== frame) continue;
      try {
        prepareFrame(frame, clientId);
      } catch (error) {
        console.error('[harness] Preparing the phone frame failed:', error);
      }
      return true;
    }
    return false;
  };
  phoneFrames.set(iframe, prepare);
  return () => phoneFrames.delete(iframe);
}

/** True while the frame shows the worker's "no connection" page instead of the app. */
export function showsNoConnection(iframe: HTMLIFrameElement): boolean {
  try {
    return Boolean(iframe.contentDocument?.querySelector(`meta[name="${NO_CONNECTION_MARK}"]`));
  } catch {
    return false;
  }
}
