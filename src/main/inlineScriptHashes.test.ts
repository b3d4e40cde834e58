import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '@shared/csp';

const nodeHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes inline scripts as CSP sha256 sources, byte for byte as node:crypto does', () => {
    const html = '<script>window.__base = "/é/";</script><script src="/a.js"></script>';
    expect(inlineScriptHashes(html)).toEqual([nodeHash('window.__base = "/é/";')]);
  });

  it('adds unsafe-hashes when the page has inline handlers, each source once', () => {
    const html = '<a onclick="history.back()">x</a><b onclick="history.back()">y</b>';
    expect(inlineScriptHashes(html)).toEqual(["'unsafe-hashes'", nodeHash('history.back()')]);
  });
});
