/**
 * After a loan application the app shows the loan the server has (DESIGN.md §6): Home right away,
 * the review page with the new application, and a reload during the submit leads to the loan in
 * progress — never to an empty form that could book a second loan — or, when the application
 * never landed, to the review saying so with a way to apply again.
 */
import { expect, type MockAdmin, type Page, test } from './fixtures';
import { loginOnWeb } from './tabs-helpers';

const submit = (page: Page) => page.getByRole('button', { name: 'SUBMIT' });

/** Fills the web loan form with a valid application. */
async function fillApplication(page: Page, amount: string) {
  await page.getByLabel('Borrow Amount').fill(amount);
  await page.getByLabel('Payee Account').click();
  await page.getByLabel('GCash mobile number').fill('09171234567');
  await page.getByRole('button', { name: 'Use This Account' }).click();
  await page.getByLabel('Purpose').selectOption('Education');
}

test('web: Home shows Loan Releasing right after the application, the review shows it', async ({
  page,
  admin,
}) => {
  await admin.scenario('can-borrow');
  await loginOnWeb(page);
  await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
  await page.getByRole('button', { name: 'Apply Now' }).click();
  await expect(page.getByText('Available: ₱15,000.00')).toBeVisible();
  await fillApplication(page, '5000');
  await submit(page).click();
  await expect(page).toHaveURL(/\/loan\/review\/?\?success=1$/);
  await expect(page.getByText('Application Submitted')).toBeVisible();
  await expect(page.getByText('₱5,000.00')).toBeVisible();
  await page.getByRole('button', { name: 'Back to Home' }).click();
  await expect(page.getByRole('button', { name: 'Loan Releasing' })).toBeVisible();
  await expect(page.getByTestId('home-amount')).toHaveText('₱10,000');
});

/** The DOM as far as the watcher needs it (e2e code compiles without the DOM lib). */
interface WatchedWindow {
  __formShown: boolean;
  document: { querySelector(selector: string): unknown };
  MutationObserver: new (
    callback: () => void,
  ) => { observe(node: unknown, options: Record<string, boolean>): void };
}

/** From the next page load on, records whether the loan form ever shows. */
async function watchForForm(page: Page): Promise<() => Promise<boolean>> {
  await page.addInitScript(() => {
    const w = globalThis as unknown as WatchedWindow;
    w.__formShown = false;
    new w.MutationObserver(() => {
      if (w.document.querySelector('#loan-borrowAmount')) w.__formShown = true;
    }).observe(w.document, { subtree: true, childList: true });
  });
  return () => page.evaluate(() => (globalThis as unknown as WatchedWindow).__formShown);
}

/** Fills the form, then submits it on a slow network and reloads while the answer is on its way. */
async function reloadDuringSubmit(page: Page, delayed: () => Promise<void>) {
  await page.getByRole('button', { name: 'Apply Now' }).click();
  await expect(page.getByText('Available: ₱15,000.00')).toBeVisible();
  await fillApplication(page, '5000');
  await delayed();
  const sent = page.waitForRequest((r) => r.url().includes('loan/ApplyNoPayPassword'));
  await submit(page).click();
  await sent;
  const formShown = await watchForForm(page);
  await page.reload();
  return formShown;
}

const booked = async (admin: MockAdmin) =>
  (await admin.log(500)).filter(
    (e) => e.path === 'loan/ApplyNoPayPassword' && e.response.code === 200,
  ).length;

test('a reload during the submit leads to the loan in progress, never to an empty form', async ({
  page,
  admin,
}) => {
  await admin.scenario('can-borrow');
  await loginOnWeb(page);
  // A slow network: the application lands on the server seconds after the page reloaded.
  const formShown = await reloadDuringSubmit(page, () =>
    admin.fault({ path: 'loan/ApplyNoPayPassword', delayMs: 4000, times: 1 }),
  );
  await expect(page).toHaveURL(/\/loan\/review/);
  await expect(page.getByText('Loan Releasing').first()).toBeVisible();
  await expect(page.getByText('₱5,000.00')).toBeVisible();
  expect(await formShown()).toBe(false);
  expect(await booked(admin)).toBe(1);
});

test('an application lost with the reload: the review says so, and applying again books one', async ({
  page,
  admin,
}) => {
  await admin.scenario('can-borrow');
  await loginOnWeb(page);
  // The delayed application fails on the server: no loan is ever booked for it.
  const formShown = await reloadDuringSubmit(page, () =>
    admin.fault({
      path: 'loan/ApplyNoPayPassword',
      code: 500,
      message: 'Service unavailable',
      delayMs: 4000,
      times: 1,
    }),
  );
  await expect(page).toHaveURL(/\/loan\/review/);
  // The review waits out the window in which the application could still land (about 15 s).
  await expect(page.getByText('Application Not Received')).toBeVisible({ timeout: 30_000 });
  expect(await formShown()).toBe(false);
  expect(await booked(admin)).toBe(0);
  await page.getByRole('button', { name: 'Apply Again' }).click();
  await expect(page.getByText('Available: ₱15,000.00')).toBeVisible();
  await fillApplication(page, '5000');
  await submit(page).click();
  await expect(page).toHaveURL(/\/loan\/review\/?\?success=1$/);
  expect(await booked(admin)).toBe(1);
});
