import { describe, expect, it } from 'vitest';
import {
  arrangementOf,
  harnessOriginsOf,
  isPhoneOriginOf,
  phoneHostname,
  phoneOrigin,
} from './phoneOrigin';

describe('phone origins', () => {
  it('names one origin per world and profile beside the harness', () => {
    expect(phoneOrigin('http://127.0.0.1:5173', 'w-abc123def456', 'lender')).toBe(
      'http://w-abc123def456-lender.localhost:5173',
    );
    expect(phoneOrigin('http://localhost:4010/', 'w-abc123def456', 'web')).toBe(
      'http://w-abc123def456-web.localhost:4010',
    );
    // Not one DNS label, not a profile, not http loopback: no phone origin.
    expect(phoneHostname('Team_A', 'lender')).toBeNull();
    expect(phoneHostname('w-abc', 'admin')).toBeNull();
    expect(phoneHostname('x'.repeat(60), 'fastpay')).toBeNull();
    expect(phoneOrigin('https://example.com', 'w-abc', 'lender')).toBeNull();
    // A LAN address: `*.localhost` would name the visitor's own machine.
    expect(phoneOrigin('http://192.168.1.20:5173', 'w-abc', 'lender')).toBeNull();
  });

  it('puts the phone under the harness’s own site on harness.localhost (first-party frames)', () => {
    expect(phoneOrigin('http://harness.localhost:5173', 'w-abc123def456', 'lender')).toBe(
      'http://w-abc123def456-lender.harness.localhost:5173',
    );
    expect(arrangementOf('http://127.0.0.1:5173')).toBe('cross-site');
    expect(arrangementOf('http://localhost:5173')).toBe('cross-site');
    expect(arrangementOf('http://harness.localhost:5173')).toBe('same-site');
    expect(arrangementOf('http://192.168.1.20:5173')).toBe('shared-origin');
    expect(arrangementOf('app://simulator')).toBe('shared-origin');
  });

  it('names the harness origins that may frame each phone', () => {
    expect(harnessOriginsOf('http://w-abc-lender.localhost:5173')).toEqual([
      'http://127.0.0.1:5173',
      'http://localhost:5173',
    ]);
    expect(harnessOriginsOf('http://w-abc-web.harness.localhost:5173')).toEqual([
      'http://harness.localhost:5173',
    ]);
    for (const other of [
      'http://127.0.0.1:5173',
      'http://harness.localhost:5173',
      'http://evil.localhost:5173',
      'http://w-abc-web.evil.localhost:5173',
      'https://w-abc-web.localhost:5173',
    ]) {
      expect(harnessOriginsOf(other), other).toEqual([]);
    }
  });

  it('admits exactly the phone origins on a served loopback port', () => {
    const served = ['http://127.0.0.1:5173', 'http://localhost:5173', 'app://simulator'];
    expect(isPhoneOriginOf('http://w-abc123def456-lender.localhost:5173', served)).toBe(true);
    expect(isPhoneOriginOf('http://w-abc-fastpay.localhost:5173', served)).toBe(true);
    expect(isPhoneOriginOf('http://w-abc-web.harness.localhost:5173', served)).toBe(true);
    for (const origin of [
      'http://w-abc-lender.localhost:5174',
      'https://w-abc-lender.localhost:5173',
      'http://evil.localhost:5173',
      'http://w-abc-lender.localhost.example.com:5173',
      'http://w-abc-lender.localhost:5173/path',
      'http://a.w-abc-lender.localhost:5173',
      'http://w-abc-lender.evil.localhost:5173',
      'http://w-abc-lender.harness.localhost:5174',
      'null',
    ]) {
      expect(isPhoneOriginOf(origin, served), origin).toBe(false);
    }
    expect(isPhoneOriginOf('http://w-abc-lender.localhost', ['http://127.0.0.1'])).toBe(true);
  });
});
