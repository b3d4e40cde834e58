/**
 * Where the e2e tests, benchmarks and shots find Chromium: a fresh machine with Node only must
 * get the one inside @sparticuz/chromium, with none of its flags that would hide CORS, CSP or
 * isolation bugs.
 */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { argsFromEnv, BASE_ARGS, findChromium } from './find-chromium.mjs';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first', async () => {
    const fake = path.join(mkdtempSync(path.join(tmpdir(), 'chromium-')), 'chrome');
    writeFileSync(fake, '#!/bin/sh\n');
    chmodSync(fake, 0o755);
    process.env.CHROMIUM_PATH = fake;
    expect(await findChromium()).toEqual({ path: fake, source: 'CHROMIUM_PATH', args: BASE_ARGS });
  });

  it('on a machine without a system Chromium, unpacks the packaged one', async () => {
    delete process.env.CHROMIUM_PATH;
    process.env.DL_SKIP_SYSTEM_CHROMIUM = '1';
    const found = await findChromium();
    expect(found?.source).toBe('@sparticuz/chromium');
    expect(found?.path).toMatch(/chromium$/);
    expect(found?.args).toEqual(expect.arrayContaining([...BASE_ARGS, '--no-zygote']));
    for (const hiding of [
      '--disable-web-security',
      '--single-process',
      '--disable-site-isolation-trials',
    ]) {
      expect(found?.args).not.toContain(hiding);
    }
    expect(found?.args.some((arg) => arg.includes('IsolateOrigins'))).toBe(false);
  }, 30_000);

  it('hands the flags to Playwright through CHROMIUM_ARGS', () => {
    expect(argsFromEnv({ CHROMIUM_ARGS: '--a\n--b' })).toEqual(['--a', '--b']);
    expect(argsFromEnv({})).toEqual([...BASE_ARGS]);
  });
});
