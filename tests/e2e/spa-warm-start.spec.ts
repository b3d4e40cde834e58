/**
 * The second open (DESIGN.md §5, PRODUCT.md §3): the app goes on with the secure session it saved
 * instead of shaking hands again, shows the kept figures at once and refreshes them; a server that
 * lost the session costs one handshake and nothing the borrower sees.
 */
import { expect, type MockAdmin, test } from './fixtures';

const HANDSHAKE = 'config/getServicePublicKey';

async function countOf(admin: MockAdmin, path: string): Promise<number> {
  return (await admin.log(500)).filter((entry) => entry.path === path).length;
}

/** Calls of a path the server answered (a call a lost session refused is retried once). */
async function answeredOf(admin: MockAdmin, path: string): Promise<number> {
  return (await admin.log(500)).filter((entry) => entry.path === path && entry.status === 200)
    .length;
}

test('a second open resumes the saved secure session: Home without a handshake', async ({
  page,
  admin,
  injectBridge,
}) => {
  await admin.scenario('can-borrow');
  await injectBridge(page, { appName: 'lender', tokenValue: await admin.sessionToken() });
  await page.goto('/');
  await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
  await expect.poll(() => countOf(admin, 'loan/loanInfo')).toBe(1);
  expect(await countOf(admin, HANDSHAKE)).toBe(1);

  await page.reload();
  await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
  // The startup calls of the second open went out on the resumed session.
  await expect.poll(() => countOf(admin, 'loan/loanInfo')).toBe(2);
  expect(await countOf(admin, HANDSHAKE)).toBe(1);
  await expect(page.getByText('Updating…')).toHaveCount(0);

  // The server lost its sessions (a restart): one handshake, the borrower sees nothing of it.
  await admin.fault({ kind: 'session-lost', path: 'user/userInfo', times: 1 });
  await page.reload();
  await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
  // The calls already sent on the lost session (how many depends on timing) are retried once.
  await expect.poll(() => answeredOf(admin, 'loan/loanInfo')).toBe(3);
  expect(await countOf(admin, 'loan/loanInfo')).toBeLessThanOrEqual(4);
  expect(await countOf(admin, HANDSHAKE)).toBe(2);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
