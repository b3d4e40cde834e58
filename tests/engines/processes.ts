/** Child processes of the engine lane: started here, stopped by their own pid only. */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

export interface Started {
  child: ChildProcess;
  /** Everything it wrote on stderr so far (for failure messages). */
  stderr(): string;
  stop(): Promise<void>;
}

/** Running children: a lane stopped by a signal (CI's timeout) stops them, no orphan browsers. */
const running = new Set<Started>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const started of running) started.child.kill('SIGTERM');
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

export function start(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  extraFds = 0,
): Started {
  const child = spawn(command, args, {
    env,
    stdio: ['ignore', 'ignore', 'pipe', ...Array<'pipe'>(extraFds).fill('pipe')],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
  });
  child.on('error', (error) => {
    stderr += `\n${error.message}`;
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const started: Started = {
    child,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  running.add(started);
  void exited.then(() => running.delete(started));
  return started;
}

/** Resolves when `read()` gives a value; rejects after the timeout with what the process said. */
export async function until<T>(
  what: string,
  read: () => T | null | Promise<T | null>,
  process: Started,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== null) return value;
    if (process.child.exitCode !== null) {
      throw new Error(
        `${what}: the process exited (${process.child.exitCode}): ${process.stderr()}`,
      );
    }
    if (Date.now() > deadline) throw new Error(`${what}: timed out: ${process.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A port free right now on loopback (for servers that cannot take port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
