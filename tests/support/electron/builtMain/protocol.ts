/**
 * What the test process and the child running the built main say to each other over the child's
 * IPC channel (`child_process.fork`, advanced serialization: Uint8Array and Maps cross as they
 * are). The test asks the child's fake Electron to act as Electron would (a page's IPC, a menu
 * click, a request of a page) and reads back what main did.
 */

/** The test asks: run `op` with `args` (ops of child.ts). */
export interface Call {
  id: number;
  op: string;
  args: unknown[];
}

/** The child answers a call. */
export type Answer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: string };

/** A request of a page as the page sees it: an answer, or Chromium's network error. */
export type PageResponse =
  | { error: string; code: number }
  | { status: number; headers: Record<string, string>; body: Uint8Array };

/** One window as the fake saw main treat it. */
export interface WindowState {
  id: number;
  role: string | undefined;
  destroyed: boolean;
  partition: string;
  visible: boolean;
  focused: boolean;
  minimized: boolean;
  contentSize: [number, number];
  devTools: boolean;
  loads: string[];
  /** How many documents the page has committed (one render frame host each). */
  documents: number;
  page:
    | { url: string; status: number; headers: Record<string, string>; text: string }
    | { url: string; error: string }
    | null;
  debugger: {
    attached: boolean;
    overrides: {
      metrics?: Record<string, unknown>;
      insets?: Record<string, number>;
      userAgent?: string;
      touch?: Record<string, unknown>;
      offline?: boolean;
      timezone?: string;
      scripts: string[];
    };
    commands: { session: number; method: string; params: Record<string, unknown> }[];
    evaluated: string[];
  };
}

/** Everything the fake recorded, as plain data. */
export interface FakeState {
  log: string[];
  privilegedSchemes: { scheme: string; privileges: Record<string, unknown> }[];
  windows: WindowState[];
  sessions: {
    partition: string;
    schemes: string[];
    worldHeaderUrls: string[] | null;
    permissionCheck: unknown;
    fetches: string[];
  }[];
  dialogs: { kind: string; parentRole: string | null; options: Record<string, unknown> }[];
  externalUrls: string[];
  netFetches: string[];
  quitCalls: number;
  quitted: boolean;
  exitCode: number | null;
  workArea: { width: number; height: number };
}
