import { describe, expect, it } from 'vitest';
import { loadAppConfig } from './loadAppConfig';
import { startupPage } from '@renderer/lib/startupPage';

const good = {
  env: 'development',
  apiBase: { main: 'http://x/main/', channel: 'http://x/channel/', hk: 'http://x/hk/' },
  sentryDsn: null,
};

function serve(status: number, body: string): typeof fetch {
  return async () => new Response(body, { status });
}

describe('app-config.json at the edge (DESIGN.md §3)', () => {
  it('parses a valid file', async () => {
    const result = await loadAppConfig(serve(200, JSON.stringify(good)), 'http://x/app/');
    expect(result).toEqual({ ok: true, config: good });
  });

  it.each([
    [404, '', 'app-config.json is missing (HTTP 404)'],
    [200, '{not json', 'app-config.json is not valid JSON'],
    [200, JSON.stringify({ ...good, env: 'staging' }), 'app-config.json is malformed: env:'],
    [200, JSON.stringify({ ...good, apiBase: { main: 'x' } }), 'apiBase.channel'],
  ])('HTTP %i %j → error mentioning %j', async (status, body, message) => {
    const result = await loadAppConfig(serve(status, body), 'http://x/');
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.error).toContain(message);
  });

  it('reports a network failure', async () => {
    const failing: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const result = await loadAppConfig(failing, 'http://x/');
    expect(result.ok ? '' : result.error).toContain('could not be loaded');
  });

  it('reads the file beside index.html under a deployment path', async () => {
    let asked = '';
    const spy: typeof fetch = async (url) => {
      asked = String(url);
      return new Response(JSON.stringify(good));
    };
    await loadAppConfig(spy, 'http://x/deploy/');
    expect(asked).toBe('http://x/deploy/app-config.json');
  });
});

describe('the request index.html starts early', () => {
  it('is used once for the same URL, then the loader fetches again', async () => {
    const early = new Response(JSON.stringify(good), { status: 200 });
    startupPage().appConfig = { url: 'http://x/app-config.json', response: Promise.resolve(early) };
    const calls: string[] = [];
    const fetchImpl: typeof fetch = async (input) => {
      calls.push(String(input));
      return new Response('{not json', { status: 200 });
    };
    expect(await loadAppConfig(fetchImpl, 'http://x/')).toEqual({ ok: true, config: good });
    expect(calls).toEqual([]);
    expect((await loadAppConfig(fetchImpl, 'http://x/')).ok).toBe(false);
    expect(calls).toEqual(['http://x/app-config.json']);
  });

  it('is ignored when it was for another URL', async () => {
    startupPage().appConfig = {
      url: 'http://elsewhere/app-config.json',
      response: Promise.resolve(new Response('{}', { status: 200 })),
    };
    const result = await loadAppConfig(async () => new Response(JSON.stringify(good)), 'http://x/');
    expect(result).toEqual({ ok: true, config: good });
    delete startupPage().appConfig;
  });

  it('gives up on a request that never answers', async () => {
    const hanging: typeof fetch = () => new Promise(() => {});
    const result = await loadAppConfig(hanging, 'http://x/', 20);
    expect(result.ok ? '' : result.error).toBe(
      'app-config.json could not be loaded: Error: no answer within 20 ms',
    );
  });
});
