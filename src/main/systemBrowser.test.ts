import { describe, expect, it, vi } from 'vitest';
import { openInSystemBrowser } from './systemBrowser';

vi.mock('electron', () => ({}));

describe('the system browser', () => {
  it('opens only web links the shared allow-list accepts', () => {
    const opened: string[] = [];
    const shell = { openExternal: async (url: string) => void opened.push(url) };
    const accepted = [
      'https://www.directloan.ph/terms',
      'http://127.0.0.1:5173/docs',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://user:pass@phish.example/',
      'tel:0917',
      '//phish.example/x',
    ].map((url) => openInSystemBrowser(shell, url));
    expect(accepted).toEqual([true, true, false, false, false, false, false]);
    expect(opened).toEqual(['https://www.directloan.ph/terms', 'http://127.0.0.1:5173/docs']);
  });
});
