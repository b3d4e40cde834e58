import { afterEach, describe, expect, it } from 'vitest';
import { adminTokenFor, bindAdminToken, fragmentAdminToken, keptAdminTokens } from './adminTokens';

const OWN = 'http://127.0.0.1:5173';
const OTHER = 'http://127.0.0.1:4999';

afterEach(() => window.sessionStorage.clear());

describe('admin tokens bound to their server', () => {
  it('gives a token only to the server it was issued for', () => {
    bindAdminToken(window.sessionStorage, OWN, 'own-server-token-0001');
    expect(adminTokenFor(window.sessionStorage, OWN)).toBe('own-server-token-0001');
    // `?mock=` naming another server finds no token: the token screen asks for that server's.
    expect(adminTokenFor(window.sessionStorage, OTHER)).toBeNull();
    bindAdminToken(window.sessionStorage, OTHER, 'other-server-token-01');
    expect(adminTokenFor(window.sessionStorage, OTHER)).toBe('other-server-token-01');
    expect(adminTokenFor(window.sessionStorage, OWN)).toBe('own-server-token-0001');
    bindAdminToken(window.sessionStorage, OWN, 'own-server-token-0002');
    expect(keptAdminTokens(window.sessionStorage)).toEqual([
      { origin: OWN, token: 'own-server-token-0002' },
      { origin: OTHER, token: 'other-server-token-01' },
    ]);
  });

  it('never reads a bare token kept before tokens were bound, and drops it', () => {
    window.sessionStorage.setItem('directLoanSimulator.adminToken', 'unbound-token-000001');
    expect(adminTokenFor(window.sessionStorage, OTHER)).toBeNull();
    bindAdminToken(window.sessionStorage, OWN, 'own-server-token-0001');
    expect(window.sessionStorage.getItem('directLoanSimulator.adminToken')).toBeNull();
  });

  it('ignores kept state that is not a list of pairs', () => {
    window.sessionStorage.setItem('directLoanSimulator.adminTokens', '{"origin":"x"}');
    expect(adminTokenFor(window.sessionStorage, OWN)).toBeNull();
    window.sessionStorage.setItem('directLoanSimulator.adminTokens', '[{"origin":1},"t"');
    expect(keptAdminTokens(window.sessionStorage)).toEqual([]);
  });

  it('keeps tokens in the page when the tab has no storage', () => {
    bindAdminToken(null, OWN, 'page-only-token-00001');
    expect(adminTokenFor(null, OWN)).toBe('page-only-token-00001');
    expect(adminTokenFor(null, OTHER)).toBeNull();
  });

  it('reads the fragment that npm run dev:web prints', () => {
    expect(fragmentAdminToken('#admin-token=a%2Bb')).toBe('a+b');
    expect(fragmentAdminToken('#x=1&admin-token=t')).toBe('t');
    expect(fragmentAdminToken('#admin-token=%E0%A4%A')).toBeNull();
    expect(fragmentAdminToken('')).toBeNull();
  });
});
