/** The web build's plugins (vite.web.config.ts) that can be checked without a build. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as real from '@privacyresearch/curve25519-typescript';
import { describe, expect, it } from 'vitest';
import * as standIn from '@shared/transport/lazyCurve25519';
import { lazyCurve25519, lazyCurve25519Module } from './lazyCurve25519Plugin';
import { withoutHasOwn } from './libraryBuiltInsOnTheFloorPlugin';
import { moveStylesheetsToBodyEnd } from './stylesheetsAfterLoadingPagePlugin';

const root = path.resolve(import.meta.dirname, '..');

describe('moveStylesheetsToBodyEnd', () => {
  it('moves every stylesheet link to the end of <body>, in order', () => {
    const html = [
      '<head>',
      '  <link rel="stylesheet" href="./a.css">',
      '  <link rel="stylesheet" href="./b.css">',
      '</head>',
      '<body>',
      '  <div id="root"></div>',
      '</body>',
    ].join('\n');
    const moved = moveStylesheetsToBodyEnd(html);
    expect(moved).not.toMatch(/<link[^>]*>\s*<\/head>/);
    expect(moved).toMatch(
      /<div id="root"><\/div>\s*<link rel="stylesheet" href=".\/a.css">\s*<link rel="stylesheet" href=".\/b.css">\s*<\/body>/,
    );
  });

  it('leaves a page without stylesheets as it is', () => {
    const html = '<head></head><body></body>';
    expect(moveStylesheetsToBodyEnd(html)).toBe(html);
  });
});

describe('withoutHasOwn', () => {
  it('rewrites Object.hasOwn calls to the call every engine of the floor has', () => {
    expect(withoutHasOwn('if (Object.hasOwn(o, k)) f(Object.hasOwn(p, k));')).toBe(
      'if (Object.prototype.hasOwnProperty.call(o, k)) f(Object.prototype.hasOwnProperty.call(p, k));',
    );
    expect(withoutHasOwn('Object.hasOwnProperty(o)')).toBeNull();
  });
});

describe('lazyCurve25519', () => {
  const resolveId = (source: string, importer: string) => {
    const hook = lazyCurve25519(root).resolveId;
    if (typeof hook !== 'function') throw new Error('resolveId is not a function');
    return (hook as (s: string, i: string) => unknown).call({}, source, importer);
  };

  it("resolves only the Signal library's import of the curve to the stand-in", () => {
    const library = '/x/node_modules/@privacyresearch/libsignal-protocol-typescript/lib/index.js';
    expect(resolveId('@privacyresearch/curve25519-typescript', library)).toBe(
      lazyCurve25519Module(root),
    );
    expect(existsSync(lazyCurve25519Module(root))).toBe(true);
    const app = path.join(root, 'src/shared/transport/signal.ts');
    expect(resolveId('@privacyresearch/curve25519-typescript', app)).toBeNull();
  });

  it('the stand-in answers as the real curve does', async () => {
    const privKey = new Uint8Array(32).fill(7).buffer;
    const message = new Uint8Array([1, 2, 3]).buffer;
    const realCurve = new real.AsyncCurve25519Wrapper();
    const lazyCurve = new standIn.AsyncCurve25519Wrapper();
    const pair = await lazyCurve.keyPair(privKey);
    expect(pair).toEqual(await realCurve.keyPair(privKey));
    const signature = await lazyCurve.sign(pair.privKey, message);
    expect(signature).toEqual(await realCurve.sign(pair.privKey, message));
    expect(await lazyCurve.verify(pair.pubKey, message, signature)).toBe(
      await realCurve.verify(pair.pubKey, message, signature),
    );
    const sync = await standIn.Curve25519Wrapper.create();
    expect(sync.keyPair(privKey)).toEqual(pair);
  });
});
