/**
 * A loopback HTTP proxy in front of a server that keeps every request body it passes on: what
 * went over the wire between two processes (upstream mode's mock → upstream leg), to compare with
 * what the app sent. Forwards the headers the API uses and the answer as it came.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Request headers the API reads (DESIGN.md §5), forwarded as they came. */
const FORWARDED = ['token', 'deviceid', 'crypt', 'content-type', 'x-sim-world'];

export interface CapturingProxy {
  url: string;
  /** Every request passed on so far: its path and body text. */
  readonly requests: { path: string; body: string }[];
  close(): Promise<void>;
}

export async function capturingProxy(target: string): Promise<CapturingProxy> {
  const requests: { path: string; body: string }[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    requests.push({ path: req.url ?? '', body });
    const headers: Record<string, string> = {};
    for (const name of FORWARDED) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    try {
      const answer = await fetch(`${target}${req.url ?? '/'}`, {
        method: req.method ?? 'GET',
        headers,
        ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body }),
      });
      res.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      });
      res.end(Buffer.from(await answer.arrayBuffer()));
    } catch {
      req.socket.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
