/**
 * The loan form's amounts (DESIGN.md §6 "Amounts are centavos"; PRODUCT.md §3): an amount the
 * application would refuse never reaches a preview or an application, the server refuses it
 * when something else sends it, and a figure not known yet is a placeholder — the form never
 * says "Available: ₱0" or "Up to ₱0" while loan info is on its way.
 */
import type { Page } from '@playwright/test';
import type { MockServer } from '../../mock-server/app';
import { expect, test } from './fixtures';
import { restoreWebSession } from './webSession';

/** The browser globals the recorder uses (the specs compile without the DOM library). */
interface PageWindow {
  __zeroAmounts: string[];
  MutationObserver: new (
    callback: () => void,
  ) => { observe(target: unknown, options: Record<string, boolean>): void };
  document: {
    body: { innerText: string } | null;
    querySelectorAll(selector: string): Iterable<{ getAttribute(name: string): string | null }>;
  };
}

/** Every text and input placeholder the page ever showed with a ₱0 amount, from the first frame. */
async function recordZeroAmounts(page: Page) {
  await page.addInitScript(() => {
    const w = globalThis as unknown as PageWindow;
    const seen: string[] = [];
    w.__zeroAmounts = seen;
    const zero = /₱0(?![\d.,])/;
    const look = () => {
      const body = w.document.body;
      if (!body) return;
      if (zero.test(body.innerText)) seen.push(body.innerText);
      for (const input of w.document.querySelectorAll('input[placeholder]')) {
        const text = input.getAttribute('placeholder') ?? '';
        if (zero.test(text)) seen.push(`placeholder: ${text}`);
      }
    };
    new w.MutationObserver(look).observe(w.document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
}

const zeroAmounts = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as PageWindow).__zeroAmounts);

/** One API call in the world, as the admin API runs it (docs/mock-server.md "Admin API"). */
async function call(mock: MockServer, path: string, data: unknown) {
  const response = await fetch(`${mock.url}/__admin/call`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': mock.adminToken },
    body: JSON.stringify({ path, data }),
  });
  expect(response.ok).toBe(true);
  return (await response.json()) as { code: number; message: string; data: unknown };
}

test('/loan/apply: while loan info comes, "Available" is a placeholder, never ₱0', async ({
  page,
  admin,
}) => {
  await admin.scenario('can-borrow');
  await admin.fault({ path: 'loan/loanInfo', delayMs: 1500, times: 5 });
  await restoreWebSession(page, admin);
  await recordZeroAmounts(page);
  await page.goto('/loan/apply');
  await expect(page.getByTestId('loan-available-pending')).toBeVisible();
  await expect(page.getByLabel('Borrow Amount')).toHaveAttribute('placeholder', 'Amount');
  await expect(page.getByText('Available: ₱15,000.00')).toBeVisible();
  await expect(page.getByLabel('Borrow Amount')).toHaveAttribute('placeholder', 'Up to ₱15,000.00');
  expect(await zeroAmounts(page)).toEqual([]);
});

test('amounts that are not whole pesos never reach the server from the form', async ({
  page,
  admin,
}) => {
  await admin.scenario('can-borrow');
  await restoreWebSession(page, admin);
  await page.goto('/loan/apply');
  await expect(page.getByText('Available: ₱15,000.00')).toBeVisible();
  const amount = page.getByLabel('Borrow Amount');
  for (const typed of ['1000.005', '15000.001', '0.01']) {
    await amount.fill(typed);
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await expect(page.locator('#loan-borrowAmount-error')).toHaveText(
      'Please enter the amount in whole pesos.',
    );
  }
  // A valid amount is previewed: the preview is the only call the form made.
  await amount.fill('5000');
  await expect(page.getByRole('table', { name: 'Repayment schedule' })).toBeVisible();
  const sent = (await admin.log(200))
    .filter((e) => /^loan\/(calculateLoanInfo|loanCheckByArc|ApplyNoPayPassword)$/.test(e.path))
    .map((e) => (e.request.data as { borrowAmount: number }).borrowAmount);
  expect(sent).toEqual([5000]);
});

test('the server refuses what the form refuses: preview and application, one rule', async ({
  admin,
  mock,
}) => {
  await admin.scenario('can-borrow');
  const before = (await call(mock, 'loan/loanInfo', {})).data;
  for (const borrowAmount of [0.01, 15000.001, 1000.005]) {
    const preview = await call(mock, 'loan/calculateLoanInfo', { borrowAmount, periods: 1 });
    expect(preview.code, `preview of ${borrowAmount}: ${preview.message}`).not.toBe(200);
    const applied = await call(mock, 'loan/ApplyNoPayPassword', {
      borrowAmount,
      periods: 1,
      payeeId: 'GCASH:09171234567',
      payeeLabel: 'GCash 0917****567',
      purpos: 'Education',
      type: 'ez',
    });
    expect(applied.code, `application of ${borrowAmount}`).not.toBe(200);
  }
  // Nothing was booked: the debt and the credit are as they were.
  expect((await call(mock, 'loan/loanInfo', {})).data).toEqual(before);
});
