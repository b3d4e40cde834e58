/**
 * The built Electron main (`out/main/index.js`) in a child Node process, under Node's own ESM
 * loader, with the recording fake as `electron` (child.ts, electronLoaderHook.mjs): every other
 * import is resolved as Electron resolves it, so a build that imports what Node refuses (a bare
 * subpath without an `exports` map, say) fails to start here as it would in Electron. The test
 * drives the fake over the child's IPC channel. Used by src/main/builtMain.test.ts and the CDP
 * replay spec (tests/e2e/electron-cdp-replay.spec.ts).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import type { Answer, FakeState, PageResponse } from './protocol';

const root = path.resolve(import.meta.dirname, '../../../..');
const here = import.meta.dirname;

/** The child's script, bundled once per test process (the fake is TypeScript; Node 20 runs JS). */
let childScript: Promise<string> | null = null;

async function bundleChild(): Promise<string> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'dl-built-main-child-'));
  await build({
    configFile: false,
    logLevel: 'warn',
    root,
    build: {
      ssr: path.join(here, 'child.ts'),
      outDir,
      emptyOutDir: false,
      minify: false,
      rollupOptions: { output: { format: 'es', entryFileNames: 'child.mjs' } },
    },
  });
  return path.join(outDir, 'child.mjs');
}

type Role = 'app' | 'panel';

/** One running built main, and what a test can ask its fake Electron. */
export interface BuiltMain {
  /** Everything the fake recorded so far. */
  state(): Promise<FakeState>;
  /** Loads main (what Electron does before its `ready`). */
  importMain(): Promise<void>;
  /** Electron has started: `ready`. */
  ready(): Promise<void>;
  /** `ipcRenderer.invoke` from the current page of the window of `role`. */
  invoke(role: Role, channel: string, ...args: unknown[]): Promise<unknown>;
  /** `ipcRenderer.sendSync` from the current page of the window of `role`. */
  sendSync(role: Role, channel: string, ...args: unknown[]): Promise<unknown>;
  clickMenu(path: string[]): Promise<void>;
  /** Keeps hold of the current document of `role`'s window under `name`. */
  rememberPage(role: Role, name: string): Promise<void>;
  /** `invoke` or `sendSync` from a remembered document, even one since replaced. */
  fromRemembered(
    name: string,
    kind: 'invoke' | 'sendSync',
    channel: string,
    ...args: unknown[]
  ): Promise<unknown>;
  /** A request of the page in `role`'s window, as Chromium makes it through its session. */
  request(role: Role, url: string, init?: RequestInit): Promise<PageResponse>;
  /** `ses.fetch` of the session of `role`'s window. */
  sessionFetch(role: Role, url: string): Promise<{ status: number; type: string | null }>;
  /** What the user or the page does to a window (child.ts `window`). */
  window(role: Role, action: string, arg?: string): Promise<unknown>;
  appEvent(name: string): Promise<void>;
  setWorkArea(area: { width: number; height: number }): Promise<void>;
  answerDialog(kind: 'save' | 'open', answer: object): Promise<void>;
  secondInstance(): Promise<{ quitCalls: number; windows: number }>;
  /** Quits the app and ends the process: the fake's last state. */
  quit(): Promise<FakeState>;
  /** What main printed (stdout and stderr). */
  output(): string;
  /** Ends the process whatever its state. */
  kill(): Promise<void>;
}

/** Starts the built main in a child process; main is not imported until `importMain()`. */
export async function startBuiltMain(options: {
  userData: string;
  env?: Record<string, string>;
  mainFile?: string;
}): Promise<BuiltMain> {
  childScript ??= bundleChild();
  const script = await childScript;
  const child: ChildProcess = fork(script, [], {
    execArgv: [],
    serialization: 'advanced',
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      ...process.env,
      ...options.env,
      DL_USER_DATA: options.userData,
      DL_BUILT_MAIN: options.mainFile ?? path.join(root, 'out/main/index.js'),
      DL_ELECTRON_HOOK: path.join(here, 'electronLoaderHook.mjs'),
    },
  });
  let printed = '';
  child.stdout?.on('data', (chunk) => (printed += chunk));
  child.stderr?.on('data', (chunk) => (printed += chunk));
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      for (const call of waiting.values()) {
        call.reject(new Error(`The built main's process ended:\n${printed}`));
      }
      waiting.clear();
      resolve();
    }),
  );
  const started = new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    void exit.then(() => reject(new Error(`The built main's process ended:\n${printed}`)));
  });
  child.on('message', (raw) => {
    const answer = raw as Answer;
    const call = waiting.get(answer.id);
    if (!call) return;
    waiting.delete(answer.id);
    if (answer.ok) call.resolve(answer.value);
    else call.reject(new Error(answer.error));
  });
  await started;
  let nextId = 1;
  const call = <T>(op: string, ...args: unknown[]): Promise<T> => {
    if (exited) return Promise.reject(new Error(`The built main's process ended:\n${printed}`));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      child.send({ id, op, args });
    });
  };
  const kill = async () => {
    if (!exited) child.kill('SIGKILL');
    await exit;
  };
  return {
    state: () => call('state'),
    importMain: () => call('importMain'),
    ready: () => call('ready'),
    invoke: (role, channel, ...args) => call('invoke', role, channel, ...args),
    sendSync: (role, channel, ...args) => call('sendSync', role, channel, ...args),
    clickMenu: (menuPath) => call('clickMenu', menuPath),
    rememberPage: (role, name) => call('rememberPage', role, name),
    fromRemembered: (name, kind, channel, ...args) =>
      call('fromRemembered', name, kind, channel, ...args),
    request: (role, url, init) => call('request', role, url, init),
    sessionFetch: (role, url) => call('sessionFetch', role, url),
    window: (role, action, arg) => call('window', role, action, arg),
    appEvent: (name) => call('appEvent', name),
    setWorkArea: (area) => call('setWorkArea', area),
    answerDialog: (kind, answer) => call('answerDialog', kind, answer),
    secondInstance: () => call('secondInstance'),
    async quit() {
      const last = await call<FakeState>('quit');
      await kill();
      return last;
    },
    output: () => printed,
    kill,
  };
}

/** A fresh user-data directory, and its removal. */
export async function tempUserData(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dl-built-main-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
