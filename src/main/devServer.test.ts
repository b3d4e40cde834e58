import { describe, expect, it } from 'vitest';
import { appConfigSchema } from '@shared/appConfig';
import { devConfigHandler } from './devServer';

describe('dev app-config handler', () => {
  it('answers the dev server’s app-config.json and passes everything else through', async () => {
    const passed: { url: string; bypass: unknown }[] = [];
    const handler = devConfigHandler(
      'http://localhost:5173/',
      'http://127.0.0.1:4010',
      async (r, init) => {
        passed.push({ url: r.url, bypass: init?.bypassCustomProtocolHandlers });
        return new Response('through');
      },
    );
    const config = appConfigSchema.parse(
      await (await handler(new Request('http://localhost:5173/app-config.json?t=1'))).json(),
    );
    expect(config.apiBase).toEqual({
      main: 'http://127.0.0.1:4010/main/',
      channel: 'http://127.0.0.1:4010/channel/',
      hk: 'http://127.0.0.1:4010/hk/',
    });
    expect(await (await handler(new Request('http://localhost:5173/src/main.tsx'))).text()).toBe(
      'through',
    );
    await handler(new Request('http://other.example/app-config.json'));
    expect(passed).toEqual([
      { url: 'http://localhost:5173/src/main.tsx', bypass: true },
      { url: 'http://other.example/app-config.json', bypass: true },
    ]);
  });

  it('refuses every request of an offline phone, its config and the mock server included', async () => {
    let offline = true;
    const passed: string[] = [];
    const handler = devConfigHandler(
      'http://localhost:5173/',
      'http://127.0.0.1:4010',
      async (r) => {
        passed.push(r.url);
        return new Response('through');
      },
      () => offline,
    );
    for (const url of [
      'http://localhost:5173/app-config.json',
      'http://localhost:5173/src/main.tsx',
      'http://127.0.0.1:4010/main/user/userInfo',
    ]) {
      expect((await handler(new Request(url))).type).toBe('error');
    }
    expect(passed).toEqual([]);
    offline = false;
    expect(await (await handler(new Request('http://localhost:5173/x.js'))).text()).toBe('through');
  });
});
