/** Small texts a borrower reads wrong: full stops, messages that fit the form, word wrapping. */
import { appLoginShown } from './firstFrame-helpers';
import { expect, test } from './fixtures';
import { loginOnWeb } from './tabs-helpers';

test('a company name that ends its sentence is not followed by a second full stop', async ({
  page,
  admin,
}) => {
  await admin.scenario('can-borrow');
  await loginOnWeb(page);
  await page.goto('/doc/terms_and_conditions');
  await expect(
    page.getByText(/belong to Direct Loan Lending Corp\. You may not copy/),
  ).toBeVisible();
  await expect(page.getByText(/Corp\.\./)).toHaveCount(0);
});

test('the OFW inquiry names the phone only: it has no verification code', async ({ page }) => {
  await page.goto('/ofw/bill_inquiry');
  await page.getByLabel('Area code').selectOption('63');
  await page.getByRole('textbox', { name: 'Mobile number' }).fill('123');
  await page.getByRole('textbox', { name: 'Order number' }).fill('DL1');
  await page.getByRole('button', { name: 'CHECK BILL' }).click();
  await expect(page.getByText('Invalid cell phone number', { exact: true })).toBeVisible();
});

test('a toast wraps between words, never inside one', async ({ page, context }) => {
  await page.goto('/login');
  // The app's Login and its toasts, preloaded after the first paint: offline, nothing more loads.
  await appLoginShown(page);
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  const toast = page.locator('.adm-toast-main');
  await expect(toast).toContainText('Your network is disconnected');
  // Every word of the toast sits on one line: a word split over two lines has two boxes.
  const splitWords = await toast.evaluate((element) => {
    interface TextNode {
      textContent: string | null;
    }
    const doc = (
      globalThis as unknown as {
        document: {
          createTreeWalker(root: unknown, what: number): { nextNode(): TextNode | null };
          createRange(): {
            setStart(n: TextNode, o: number): void;
            setEnd(n: TextNode, o: number): void;
            getClientRects(): { length: number };
          };
        };
      }
    ).document;
    const walker = doc.createTreeWalker(element, 4);
    const split: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const range = doc.createRange();
        range.setStart(node, match.index ?? 0);
        range.setEnd(node, (match.index ?? 0) + match[0].length);
        if (range.getClientRects().length > 1) split.push(match[0]);
      }
    }
    return split;
  });
  expect(splitWords).toEqual([]);
  await context.setOffline(false);
});

test('the review of a settled loan says it is settled', async ({ page, admin }) => {
  await admin.scenario('low-credit');
  await loginOnWeb(page);
  await page.goto('/loan/review');
  await expect(page.getByText('Loan Settled')).toBeVisible();
  await expect(page.getByText('Loan Released')).toHaveCount(0);
});
