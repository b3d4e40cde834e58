/**
 * A web visitor who logged in earlier: puts a session token the mock server issued into the user
 * store's persisted state before the SPA loads (the SPA then loads the user itself). For specs
 * whose subject is not the login page; `tabs-helpers.ts` logs in through the UI instead.
 */
import type { Page } from '@playwright/test';
import type { MockAdmin } from './fixtures';

interface PageGlobals {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}

export async function restoreWebSession(page: Page, admin: MockAdmin, msisdn?: string) {
  const tokenValue = await admin.sessionToken(msisdn);
  await page.addInitScript((token) => {
    const { localStorage } = globalThis as unknown as PageGlobals;
    if (!localStorage.getItem('dl.user')) {
      localStorage.setItem(
        'dl.user',
        JSON.stringify({ tokenValue: token, user: null, loanInfo: null }),
      );
    }
  }, tokenValue);
}
