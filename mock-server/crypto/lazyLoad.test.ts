import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

/** In a fresh process (this one loaded the library long ago): is the library loaded after… */
async function libraryLoaded(kit: 'auto' | 'library'): Promise<unknown> {
  const script = `
      import { createRequire } from 'node:module';
      const cache = createRequire(import.meta.url).cache;
      const loaded = () => Object.keys(cache).some((id) => id.includes('libsignal-protocol-typescript'));
      const { ApiClient } = await import('./src/shared/transport/client.ts');
      const { selectSignalKit } = await import('./src/shared/transport/clientSession.ts');
      selectSignalKit('${kit}');
      const afterImport = loaded();
      const client = new ApiClient({
        apiBase: { main: 'http://127.0.0.1:9/main/', channel: 'x', hk: 'x' },
        baseInfo: () => ({ deviceId: 'd-h5', system: 'H5', tokenValue: '', version: '1' }),
        token: () => '',
        fetch: () => Promise.reject(new TypeError('offline')),
      });
      await client.warmUp();
      console.log(JSON.stringify({ afterImport, afterWarmUp: loaded() }));
    `;
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: path.resolve(import.meta.dirname, '../..') },
  );
  return JSON.parse(stdout.trim().split('\n').pop() ?? '');
}

describe('the Signal library stays off the first open', () => {
  it('is never loaded where the engine runs the session (Node 20 has every algorithm)', async () => {
    expect(await libraryLoaded('auto')).toEqual({ afterImport: false, afterWarmUp: false });
  }, 60_000);

  it('is loaded by the first handshake where the library runs it', async () => {
    expect(await libraryLoaded('library')).toEqual({ afterImport: false, afterWarmUp: true });
  }, 60_000);
});
