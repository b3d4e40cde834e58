/**
 * What each host profile offers around a repay order: QRPh's "Save the QR code" step has a save
 * action (the web downloads a PNG; a host saves it through `saveImageToAlbum`, answered "not
 * supported" by the SPA itself below 2.8.0, PRODUCT.md §5), and the FastPay wallet never tells
 * its own users to download FastPay.
 */
import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { repayFromBill } from './money-helpers';
import { restoreWebSession } from './webSession';

/** Bill → REPAY (the preselected rows) → QRPh → REPAY: the order's QR code shows. */
async function qrOrder(page: Page) {
  await repayFromBill(page);
  await page.getByRole('button', { name: /^QRPh/ }).click();
  await page.getByRole('button', { name: 'REPAY' }).click();
  await expect(page.getByRole('img', { name: /^QR code of payment / })).toBeVisible();
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

test('web: Save QR Code downloads a PNG of the order QR code', async ({ page, admin }) => {
  await admin.scenario('repaying');
  await restoreWebSession(page, admin);
  await qrOrder(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save QR Code' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('image.png');
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  await expect(page.getByText('The QR code was saved.')).toBeVisible();
});

test('lender app 2.9.0: Save QR Code hands a PNG to saveImageToAlbum', async ({
  page,
  inLenderApp,
  bridgeCalls,
}) => {
  await inLenderApp(page, 'repaying');
  await qrOrder(page);
  await page.getByRole('button', { name: 'Save QR Code' }).click();
  await expect(page.getByText('The QR code was saved.')).toBeVisible();
  const saved = (await bridgeCalls(page)).filter((c) => c.method === 'saveImageToAlbum');
  expect(saved).toHaveLength(1);
  const params = saved[0]?.params as { url: string } | undefined;
  expect(params?.url).toMatch(/^data:image\/png;base64,[\w+/]+=*$/);
});

test('lender app 2.7.0: saving is not supported; the borrower is told what to do', async ({
  page,
  inLenderApp,
  bridgeCalls,
}) => {
  await inLenderApp(page, 'repaying', { version: '2.7.0' });
  await qrOrder(page);
  await page.getByRole('button', { name: 'Save QR Code' }).click();
  await expect(
    page.getByText('Update the app to save the QR code, or take a screenshot instead.'),
  ).toBeVisible();
  expect((await bridgeCalls(page)).map((c) => c.method)).not.toContain('saveImageToAlbum');
});

test('FastPay wallet: no "Download FastPay" on its channel list or download page', async ({
  page,
  admin,
  injectBridge,
}) => {
  await admin.scenario('taiwan');
  await injectBridge(page, { appName: 'fastpay', tokenValue: await admin.sessionToken() });
  await page.goto('/repay/tw/channels?amount=100');
  await expect(
    page.getByRole('list', { name: 'Repay channels' }).getByRole('button').first(),
  ).toBeVisible();
  await expect(page.getByText('Download FastPay')).toHaveCount(0);

  // The channel's own steps and notice (fixture text) do not send them to install it either.
  await page.goto('/repay/ph/detail?amount=100&key=FASTPAY');
  await expect(page.getByText('FastPay wallet', { exact: true })).toBeVisible();
  await expect(page.getByText(/download fastpay|install the fastpay/i)).toHaveCount(0);

  await page.goto('/repay/tw/fastpayDownload');
  await expect(page.getByRole('heading', { name: 'You are in the FastPay wallet' })).toBeVisible();
  await expect(page.getByText('Download FastPay')).toHaveCount(0);
  await page.getByRole('button', { name: 'Go to Bill' }).click();
  await expect(page).toHaveURL(/\/bill$/);
});
