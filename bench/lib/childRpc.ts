/**
 * Request/reply over a forked child's IPC channel, shared by the bench's server and load-generator
 * processes: every command gets an id, a reply with that id settles it (an `error` rejects), a
 * reply that never comes rejects after `timeoutMs`, and a child that exits settles all waiters.
 */
import type { ChildProcess } from 'node:child_process';

export interface RpcReply {
  id: number;
  error?: string;
}

/** A command as the parent sends it (the id is added here). */
export type Outgoing<C> = C extends { id: number } ? Omit<C, 'id'> : never;

export interface ChildRpc<C extends { cmd: string }, R extends RpcReply> {
  send(command: C): Promise<R>;
  /** Sends `command` (the child's stop), waits up to 5 s for it to exit, then kills it. */
  stop(command: C): Promise<R | undefined>;
}

export function childRpc<C extends { cmd: string }, R extends RpcReply>(
  child: ChildProcess,
  name: string,
  timeoutMs: number,
): ChildRpc<C, R> {
  let nextId = 1;
  const waiting = new Map<number, (reply: R) => void>();
  child.on('message', (message) => {
    const reply = message as R;
    waiting.get(reply.id)?.(reply);
    waiting.delete(reply.id);
  });
  child.on('exit', (code) => {
    for (const settle of waiting.values())
      settle({ id: 0, error: `${name} exited (${code})` } as R);
    waiting.clear();
  });
  const send = (command: C) =>
    new Promise<R>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => reject(new Error(`no reply to ${command.cmd}`)), timeoutMs);
      waiting.set(id, (reply) => {
        clearTimeout(timer);
        if (reply.error) reject(new Error(reply.error));
        else resolve(reply);
      });
      child.send({ ...command, id });
    });
  const stop = async (command: C) => {
    try {
      if (!child.connected) return undefined;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const reply = await send(command);
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      return reply;
    } finally {
      if (child.exitCode === null) child.kill();
    }
  };
  return { send, stop };
}
