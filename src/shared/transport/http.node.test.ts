import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './apiError';
import { type HostHttp, postJson } from './http';

/** A real HTTP server on port 0: the answers fetch gets over a socket, not a fake's. */
let server: Server | undefined;
const held: Array<() => void> = [];

afterEach(async () => {
  for (const release of held.splice(0)) release();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Serves `answer` for every request (`hold`: never answers until the test ends). */
async function host(
  answer: { status: number; body: string } | 'hold' | 'headers-then-hold',
  timeoutMs = 10_000,
): Promise<{ http: HostHttp; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (answer === 'hold') {
        held.push(() => res.destroy());
        return;
      }
      if (answer === 'headers-then-hold') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.write('{"code":');
        held.push(() => res.destroy());
        return;
      }
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { http: { baseURL: `http://127.0.0.1:${port}/main/`, timeoutMs }, seen };
}

describe('postJson', () => {
  it('POSTs the body as JSON with the caller headers to the host path', async () => {
    const { http, seen } = await host({ status: 200, body: '{"code":200,"data":{"a":1}}' });
    const answer = await postJson(http, 'user/userInfo', { data: { x: 1 } }, { token: 'T1' });
    expect(answer).toEqual({ status: 200, json: { code: 200, data: { a: 1 } } });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/main/user/userInfo' });
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(seen[0]?.headers.token).toBe('T1');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ data: { x: 1 } });
  });

  it('gives every status as an answer and a body that is not JSON as none', async () => {
    const { http } = await host({ status: 502, body: '<html>Bad gateway</html>' });
    await expect(postJson(http, 'x', {}, {})).resolves.toEqual({ status: 502, json: undefined });
  });

  it('rejects with a timeout when no answer comes in time, naming the limit', async () => {
    const { http } = await host('hold', 300);
    const error = await postJson(http, 'loan/loanInfo', {}, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'timeout' });
    expect((error as ApiError).message).toMatch(/No answer from .*loan\/loanInfo within 300 ms/);
  });

  it('counts a body that stops half way against the timeout too', async () => {
    const { http } = await host('headers-then-hold', 300);
    await expect(postJson(http, 'x', {}, {})).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('rejects as offline when nothing listens', async () => {
    const { http } = await host({ status: 200, body: '{}' });
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    server = undefined;
    const error = await postJson(http, 'x', {}, {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'offline' });
    expect((error as ApiError).message).toMatch(/^Cannot reach http:\/\/127\.0\.0\.1:\d+\/main\/x/);
  });

  it('rejects as offline when the caller cancels, before or during the request', async () => {
    const { http } = await host('hold');
    const before = new AbortController();
    before.abort();
    await expect(postJson(http, 'x', {}, {}, before.signal)).rejects.toMatchObject({
      kind: 'offline',
    });
    const during = new AbortController();
    const call = postJson(http, 'x', {}, {}, during.signal);
    during.abort();
    await expect(call).rejects.toMatchObject({ kind: 'offline' });
  });

  it('uses the fetch it is given, at call time the global one otherwise', async () => {
    const calls: string[] = [];
    const fake: typeof fetch = async (input) => {
      calls.push(String(input));
      return new Response('{"ok":true}', { status: 200 });
    };
    const answer = await postJson(
      { baseURL: 'https://api.test/', timeoutMs: 1000, fetch: fake },
      'p',
      {},
      {},
    );
    expect(answer.json).toEqual({ ok: true });
    expect(calls).toEqual(['https://api.test/p']);
  });
});
