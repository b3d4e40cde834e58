/**
 * Bodies per route (DESIGN.md §5, §6): over a route's size, 413 before the body is read; more
 * values than the route can use, 400 (4001) before it is parsed. 1 MB of `[{},{},…]` used to
 * cost 360 ms of parsing per request, under every limit.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../app';
import { adminHeaders, startServer } from '@tests/support/mock-server/testHarness';
import { API_BODY_LIMIT, API_MAX_VALUES } from './bodyLimits';

let server: MockServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const wide = (chars: number) =>
  `[${Array.from({ length: Math.floor(chars / 3) }, () => '{}').join(',')}]`;

async function post(path: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method: path.includes('snapshot') ? 'PUT' : 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: res.status, json: (await res.json()) as { code?: number; message?: string } };
}

describe('body limits per route', () => {
  it('refuses 1 MB of wide JSON to an API host with 413, from its Content-Length alone', async () => {
    expect((await post('/main/user/userInfo', wide(1_000_000))).status).toBe(413);
    // Headers only: the answer comes without a byte of the announced body.
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1', () => {
        socket.write(
          `POST /main/user/userInfo HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n` +
            'Content-Type: application/json\r\nContent-Length: 1000000\r\n\r\n',
        );
      });
      let text = '';
      socket.on('data', (chunk) => {
        text += String(chunk);
        if (text.includes('\r\n\r\n')) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
  });

  it('refuses wide JSON under the size limit before parsing it (4001)', async () => {
    const body = wide(API_BODY_LIMIT - 100);
    const res = await post('/main/user/userInfo', body);
    expect(res).toMatchObject({ status: 400, json: { code: 4001 } });
    expect(res.json.message).toContain(`more than ${API_MAX_VALUES} values`);
  });

  it('takes a document chunk on kyc/save only', async () => {
    const chunk = JSON.stringify({ v: 1, sid: 's', dev: 'd', type: 1, body: 'A'.repeat(300_000) });
    expect((await post('/main/kyc/save', chunk)).status).not.toBe(413);
    expect((await post('/main/user/userInfo', chunk)).status).toBe(413);
  });

  it('gives the admin API its own limits, checked after the token', async () => {
    const big = JSON.stringify({ path: '*', kind: 'code', data: 'x'.repeat(300_000) });
    expect((await post('/__admin/faults', big)).status).toBe(401);
    expect((await post('/__admin/faults', big, adminHeaders(server))).status).toBe(413);
    const wideSnapshot = await post(
      '/__admin/worlds/w/snapshot',
      wide(1_500_000),
      adminHeaders(server),
    );
    expect(wideSnapshot).toMatchObject({ status: 400, json: { code: 4001 } });
  });
});
