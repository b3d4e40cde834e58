import { describe, expect, it } from 'vitest';
import { createAdminClient } from './adminClient';

function fakeFetch(answers: Record<string, { status?: number; body: unknown }>) {
  const seen: { url: string; method: string; body: unknown }[] = [];
  const fetchImpl = async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    seen.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[`${method} ${new URL(url).pathname}`];
    if (!answer) return new Response('not found', { status: 404 });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  };
  return { fetchImpl, seen };
}

describe('admin client', () => {
  it('talks to /__admin on the mock server and parses the answers', async () => {
    const { fetchImpl, seen } = fakeFetch({
      'GET /__admin/scenarios': {
        body: {
          current: 'repaying',
          scenarios: [{ name: 'repaying', title: 'Repaying', description: 'd' }],
        },
      },
      'POST /__admin/session-token': { body: { tokenValue: 'tok' } },
      'PUT /__admin/scenario': { body: { ok: true } },
      'GET /__admin/log': {
        body: [
          {
            id: 1,
            at: 't',
            host: 'main',
            path: 'user/userInfo',
            encrypted: true,
            request: { data: {} },
            response: { code: 200 },
            status: 200,
            ms: 3,
          },
        ],
      },
    });
    const admin = createAdminClient('http://mock:1/', fetchImpl);
    expect((await admin.scenarios()).current).toBe('repaying');
    expect(await admin.sessionToken('9171234567')).toBe('tok');
    await admin.selectScenario('overdue');
    expect((await admin.log(5))[0]?.path).toBe('user/userInfo');
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET http://mock:1/__admin/scenarios',
      'POST http://mock:1/__admin/session-token',
      'PUT http://mock:1/__admin/scenario',
      'GET http://mock:1/__admin/log?limit=5',
    ]);
    expect(seen[1]?.body).toEqual({ msisdn: '9171234567' });
    expect(seen[2]?.body).toEqual({ name: 'overdue' });
  });

  it('throws a clear error on a non-2xx answer', async () => {
    const { fetchImpl } = fakeFetch({
      'PUT /__admin/scenario': { status: 404, body: { message: 'unknown' } },
    });
    await expect(
      createAdminClient('http://mock:1', fetchImpl).selectScenario('nope'),
    ).rejects.toThrow(/answered 404/);
  });
});
