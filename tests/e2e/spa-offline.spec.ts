/**
 * Offline, a screen whose code was never fetched shows the offline state where it would be (the
 * tab bar stays), not the crash page, and opens by itself when the network is back.
 */
import { expect, test } from './fixtures';
import { loginOnWeb } from './tabs-helpers';

test('a tab not yet visited, opened offline, waits for the network instead of crashing', async ({
  page,
  admin,
  context,
}) => {
  await admin.scenario('repaying');
  await loginOnWeb(page);
  await context.setOffline(true);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bill' }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'Your network is disconnected' });
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByText('Something went wrong.')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('tab', { name: 'Repayment Plan' })).toBeVisible();
  await expect(page.getByText('Something went wrong.')).toHaveCount(0);
});

test('a page not yet visited, opened offline: Retry offline keeps waiting, online it loads', async ({
  page,
  admin,
  context,
}) => {
  await admin.scenario('repaying');
  await loginOnWeb(page);
  await context.setOffline(true);
  // The bell on Profile needs Profile first: open the messages route the app's own way.
  await page.evaluate(() => {
    const w = globalThis as unknown as {
      history: { pushState(s: unknown, t: string, u: string): void };
      dispatchEvent(e: unknown): void;
      PopStateEvent: new (type: string) => unknown;
    };
    w.history.pushState(null, '', '/messageList');
    w.dispatchEvent(new w.PopStateEvent('popstate'));
  });
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  await retry.click();
  await expect(retry).toBeEnabled();
  await expect(page.getByText('Your network is disconnected').first()).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Messages', { exact: true })).toBeVisible();
  await expect(retry).toHaveCount(0);
});
