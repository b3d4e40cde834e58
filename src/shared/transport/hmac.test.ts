import { describe, expect, it } from 'vitest';
import { hmacSha256, sha256, withJsHmac } from './hmac';

const hex = (bytes: Uint8Array | ArrayBuffer) =>
  Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
const utf8 = (text: string) => new TextEncoder().encode(text);
const subtle = globalThis.crypto.subtle;

async function webHmac(
  key: Uint8Array<ArrayBuffer>,
  data: Uint8Array<ArrayBuffer>,
): Promise<string> {
  const imported = await subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return hex(await subtle.sign('HMAC', imported, data));
}

describe('JS HMAC-SHA256', () => {
  it('matches the published vectors (FIPS 180-4, RFC 4231)', () => {
    expect(hex(sha256(utf8('')))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(hex(sha256(utf8('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(hex(hmacSha256(new Uint8Array(20).fill(0x0b), utf8('Hi There')))).toBe(
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    );
    expect(hex(hmacSha256(utf8('Jefe'), utf8('what do ya want for nothing?')))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('agrees with WebCrypto for keys and messages across block boundaries', async () => {
    for (const keyLength of [0, 1, 32, 63, 64, 65, 131]) {
      for (const dataLength of [0, 1, 33, 55, 56, 63, 64, 65, 119, 120, 200, 1000]) {
        const key = crypto.getRandomValues(new Uint8Array(keyLength));
        const data = crypto.getRandomValues(new Uint8Array(dataLength));
        if (keyLength === 0) continue; // WebCrypto refuses empty HMAC keys
        expect(hex(hmacSha256(key, data)), `${keyLength}/${dataLength}`).toBe(
          await webHmac(key, data),
        );
      }
    }
  });

  it('serves the library its HMACs and passes everything else to WebCrypto', async () => {
    const fast = withJsHmac(globalThis.crypto);
    const key = crypto.getRandomValues(new Uint8Array(32));
    const data = crypto.getRandomValues(new Uint8Array(80));
    const imported = await fast.subtle.importKey(
      'raw',
      key.buffer,
      { name: 'HMAC', hash: { name: 'SHA-256' } },
      false,
      ['sign'],
    );
    const mac = await fast.subtle.sign({ name: 'HMAC', hash: 'SHA-256' }, imported, data.buffer);
    expect(hex(mac)).toBe(await webHmac(key, data));
    // AES goes to WebCrypto unchanged: what the fast object encrypts, WebCrypto decrypts.
    const aesKey = crypto.getRandomValues(new Uint8Array(32));
    const iv = crypto.getRandomValues(new Uint8Array(16));
    const aes = await fast.subtle.importKey('raw', aesKey, { name: 'AES-CBC' }, false, ['encrypt']);
    const sealed = await fast.subtle.encrypt({ name: 'AES-CBC', iv }, aes, data);
    const plainKey = await subtle.importKey('raw', aesKey, { name: 'AES-CBC' }, false, ['decrypt']);
    expect(hex(await subtle.decrypt({ name: 'AES-CBC', iv }, plainKey, sealed))).toBe(hex(data));
    // A view on a larger (pooled) buffer is read only within its bounds.
    const pooled = new Uint8Array(4096).fill(7);
    const view = pooled.subarray(100, 180);
    view.set(data);
    const viewMac = await fast.subtle.sign('HMAC', imported, view);
    expect(hex(viewMac)).toBe(hex(mac));
  });
});
