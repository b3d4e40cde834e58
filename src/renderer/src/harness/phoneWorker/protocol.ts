/**
 * What the browser harness and its phone service worker say to each other (docs/simulator.md
 * "Browser harness", DESIGN.md §6 "Worlds and admin access"). Runs in both: the harness page (DOM)
 * and the worker (bundled on its own by scripts/phoneWorkerPlugin.ts), so it holds data only.
 */

/** The worker's script, at the app's base: its scope covers every page of the app. */
export const PHONE_WORKER_SCRIPT = 'phone-sw.js';

/** The script the worker puts first in a phone page's <head>; the worker answers it itself. */
export const PREPARE_SCRIPT_PATH = '__sim-phone/prepare.js';

/**
 * The harness page's hook the prepare script calls on its parent, synchronously, with the phone
 * window and its service-worker client id. True when the harness owns that frame.
 */
export const PREPARE_HOOK = '__simPreparePhone';

/** `<meta name>` of the worker's "no connection" page, so the harness can tell it from the app. */
export const NO_CONNECTION_MARK = 'sim-no-connection';

/** Messages a harness page (or a frame without one) posts to the worker. */
export type PhoneWorkerMessage =
  /** A harness page is open (and, once its phone is prepared, that phone's state). */
  | { type: 'sim-phone:hello'; owner: string; phone?: PhoneState }
  /** The harness prepared a phone window, or its network changed. */
  | { type: 'sim-phone:state'; owner: string; phone: PhoneState }
  /** A frame of the app with no harness above it: leave it alone. */
  | { type: 'sim-phone:none'; clientId: string };

/** One phone window as the worker keeps it. */
export interface PhoneState {
  /** The service-worker client id of the phone's current document. */
  clientId: string;
  online: boolean;
}

export function isPhoneWorkerMessage(value: unknown): value is PhoneWorkerMessage {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return type === 'sim-phone:hello' || type === 'sim-phone:state' || type === 'sim-phone:none';
}
