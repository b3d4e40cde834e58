/**
 * KYC end to end (PRODUCT.md §4, §5): a new user fills step1 … step6 from the certList, reloads half-way
 * (nothing is lost: values and the step counter persist), uploads real photos through the file
 * inputs, signs on the canvas and submits; the review page shows Under Review. Web and lender.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { restoreWebSession } from './webSession';

/** What the page scripts touch (the node typecheck of the specs has no DOM lib). */
interface PageGlobals {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}
interface CanvasLike {
  width: number;
  height: number;
  getContext(kind: '2d'): {
    createImageData(width: number, height: number): { data: Uint8ClampedArray };
    putImageData(image: unknown, x: number, y: number): void;
  } | null;
  toBlob(done: (blob: { size: number } | null) => void, type: string, quality: number): void;
}
interface DomGlobals {
  document: { createElement(tag: 'canvas'): CanvasLike };
  DataTransfer: new () => { items: { add(file: unknown): void }; files: unknown };
  File: new (parts: unknown[], name: string, options: { type: string }) => unknown;
  Event: new (type: string, init: { bubbles: boolean }) => unknown;
}

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const stepTitle = (page: Page) => page.locator('#kyc-step-title');
const next = (page: Page) => page.getByRole('button', { name: 'Next' });

async function fillSteps1To2(page: Page) {
  await expect(stepTitle(page)).toHaveText('Step 1 of 6: Personal Information');
  await page.getByLabel('First Name').fill('Maria');
  await page.getByLabel('Last Name').fill('Santos');
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByLabel('Date of Birth').fill('1990-05-17');
  await page.getByLabel('Marital Status').selectOption('single');
  await page.getByLabel('Education').selectOption('college');
  await next(page).click();
  await expect(stepTitle(page)).toHaveText('Step 2 of 6: Contact Details');
  await page.getByLabel('Home Address').fill('12 Rizal Street, Quezon City');
  await page.getByLabel('Email Address').fill('maria@example.ph');
  await next(page).click();
  await expect(stepTitle(page)).toHaveText('Step 3 of 6: Work and Income');
}

async function fillSteps3To6(page: Page) {
  await page.getByLabel('Type of Work').selectOption('employed');
  await page.getByLabel('Company Name').fill('Acme Corp');
  await page.getByLabel('Company Address').fill('1 Ayala Avenue, Makati City');
  await page.getByLabel('Monthly Income').selectOption('_20_001_40_000');
  await page.getByLabel('Payday').selectOption('15th_and_30th');
  await next(page).click();
  await expect(stepTitle(page)).toHaveText('Step 4 of 6: Emergency Contacts');
  await page.getByLabel('Emergency Contact (Family) name').fill('Jose Santos');
  await page.getByLabel('Emergency Contact (Family) mobile number').fill('09181234567');
  await page.getByRole('radio', { name: 'Parent' }).check();
  await page.getByLabel('Emergency Contact (Friend or Colleague) name').fill('Ana Cruz');
  await page
    .getByLabel('Emergency Contact (Friend or Colleague) mobile number')
    .fill('09191234567');
  await next(page).click();
  await expect(stepTitle(page)).toHaveText('Step 5 of 6: Identity Documents');

  await page.getByLabel('Valid ID Type').selectOption('umid');
  const front = page.getByLabel('Photo of the Front of Your ID');
  await expect(front).toHaveAttribute('accept', /image\/jpeg/);
  await expect(front).toHaveAttribute('capture', 'environment');
  // Too large: refused with the limit, nothing kept.
  await front.setInputFiles({
    name: 'huge.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(page.getByText('The file is too large. The maximum is 5 MB.')).toBeVisible();
  await front.setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  await expect(
    page.getByRole('img', { name: 'Photo of the Front of Your ID preview' }),
  ).toBeVisible();
  await page
    .getByLabel('Selfie Holding Your ID')
    .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Selfie Holding Your ID preview' })).toBeVisible();
  const payslip = page.getByLabel('Latest Payslip or Certificate of Employment (optional)');
  await payslip.setInputFiles({
    name: 'payslip.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(300 * 1024, 32),
  });
  await expect(page.getByText('The file is too large. The maximum is 200 KB.')).toBeVisible();
  await payslip.setInputFiles({
    name: 'payslip.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  await expect(page.getByText('PDF file attached')).toBeVisible();
  // Photos and files are part of the draft too: a reload keeps them.
  await page.reload();
  await expect(stepTitle(page)).toHaveText('Step 5 of 6: Identity Documents');
  await expect(page.getByRole('img', { name: 'Selfie Holding Your ID preview' })).toBeVisible();
  await expect(page.getByText('PDF file attached')).toBeVisible();
  await next(page).click();
  await expect(stepTitle(page)).toHaveText('Step 6 of 6: Signature');

  // Submitting unsigned shows the error on the signature.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please sign in the box.')).toBeVisible();
  const pad = page.getByRole('img', { name: 'Your Signature pad' });
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 20, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + 100, { steps: 8 });
  await page.mouse.move(box.x + 200, box.y + 50, { steps: 8 });
  await page.mouse.up();
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
}

for (const profile of ['web', 'lender'] as const) {
  test(`${profile}: KYC steps 1–6 with a reload half-way lose nothing, then Under Review`, async ({
    page,
    admin,
    injectBridge,
  }) => {
    await admin.scenario('new-user');
    if (profile === 'web') await restoreWebSession(page, admin);
    else await injectBridge(page, { appName: 'lender', tokenValue: await admin.sessionToken() });
    await page.goto('/kyc/apply');
    await fillSteps1To2(page);

    // Half-way: type on step 3, reload; the step counter and every value are still there.
    await page.getByLabel('Company Name').fill('Acme');
    await page.reload();
    await expect(stepTitle(page)).toHaveText('Step 3 of 6: Work and Income');
    await expect(page.getByLabel('Company Name')).toHaveValue('Acme');
    await page.getByRole('form').getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Email Address')).toHaveValue('maria@example.ph');
    await page.getByRole('form').getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('First Name')).toHaveValue('Maria');
    await expect(page.getByLabel('Date of Birth')).toHaveValue('1990-05-17');
    await next(page).click();
    await next(page).click();

    await fillSteps3To6(page);
    await expect(page).toHaveURL(/\/kyc\/review$/);
    await expect(page.getByText('Under Review')).toBeVisible();
    const saves = (await admin.log()).filter((e) => e.path === 'kyc/save');
    expect(saves.map((e) => (e.request.data as { step: number }).step)).toEqual([
      1, 2, 1, 2, 3, 4, 5, 6,
    ]);
    const step5 = saves.find((e) => (e.request.data as { step: number }).step === 5);
    const items =
      (step5?.request.data as { items?: { certification: string; value: string }[] } | undefined)
        ?.items ?? [];
    expect(items.find((i) => i.certification === 'idFront')?.value).toMatch(/^data:image\//);
  });
}

test('a KYC-invalid event scrolls to and focuses the first field in error', async ({
  page,
  admin,
}) => {
  await admin.scenario('new-user');
  await restoreWebSession(page, admin);
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/kyc/apply');
  await page.getByLabel('First Name').fill('Maria');
  await next(page).click();
  await expect(page.getByText('Last Name is required.')).toBeVisible();
  await expect(page.getByText('Please choose Gender.')).toBeVisible();
  await expect(page.getByLabel('Last Name')).toBeFocused();
  await expect(page.getByLabel('Last Name')).toBeInViewport();
  await expect(stepTitle(page)).toHaveText('Step 1 of 6: Personal Information');
});

test('camera-sized photos are downscaled and step 5 saves under the API body limit', async ({
  page,
  admin,
}) => {
  await admin.scenario('new-user');
  await restoreWebSession(page, admin);
  await page.addInitScript(() => {
    const { localStorage } = globalThis as unknown as PageGlobals;
    if (!localStorage.getItem('dl.kycForm')) {
      localStorage.setItem('dl.kycForm', JSON.stringify({ step: 5, values: {} }));
    }
  });
  await page.goto('/kyc/apply');
  await expect(stepTitle(page)).toHaveText('Step 5 of 6: Identity Documents');
  await page.getByLabel('Valid ID Type').selectOption('passport');
  // A noisy 1600×1200 JPEG (the worst case for compression), put into the real file inputs.
  for (const label of ['Photo of the Front of Your ID', 'Selfie Holding Your ID']) {
    const input = page.getByLabel(label);
    const size = await input.evaluate(async (element: unknown) => {
      const { document, DataTransfer, File, Event } = globalThis as unknown as DomGlobals;
      const canvas = document.createElement('canvas');
      canvas.width = 1600;
      canvas.height = 1200;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas');
      const image = context.createImageData(canvas.width, canvas.height);
      for (let i = 0; i < image.data.length; i++) image.data[i] = Math.random() * 255;
      context.putImageData(image, 0, 0);
      const blob = await new Promise<{ size: number } | null>((resolve) =>
        canvas.toBlob(resolve, 'image/jpeg', 0.9),
      );
      if (!blob) throw new Error('no blob');
      const transfer = new DataTransfer();
      transfer.items.add(new File([blob], 'camera.jpg', { type: 'image/jpeg' }));
      const fileInput = element as { files: unknown; dispatchEvent(event: unknown): boolean };
      fileInput.files = transfer.files;
      fileInput.dispatchEvent(new Event('change', { bubbles: true }));
      return blob.size;
    });
    expect(size).toBeGreaterThan(1024 * 1024);
    await expect(page.getByRole('img', { name: `${label} preview` })).toBeVisible();
  }
  await next(page).click();
  await expect(stepTitle(page)).toHaveText('Step 6 of 6: Signature');
  const saves = (await admin.log()).filter((e) => e.path === 'kyc/save');
  expect(saves.length).toBeGreaterThan(0);
  expect(saves.every((e) => e.status === 200 && e.response.code === 200)).toBe(true);
  const kept = await page.evaluate(() => {
    const { localStorage } = globalThis as unknown as PageGlobals;
    const draft = JSON.parse(localStorage.getItem('dl.kycForm') ?? '{}') as {
      values?: Record<string, string>;
    };
    return [draft.values?.idFront?.length ?? 0, draft.values?.selfie?.length ?? 0];
  });
  for (const length of kept) {
    expect(length).toBeGreaterThan(1000);
    expect(length).toBeLessThanOrEqual(300_000);
  }
});
