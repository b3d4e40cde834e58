/**
 * LOGIN pressed on the Login form index.html paints before the app runs is never lost (PRODUCT.md
 * §2 "Login page"; docs/architecture.md "Startup"): the app takes the press over with what was
 * typed and logs in. Repeated, by click and by Enter, and once more with nothing held back, so the
 * press may land on either form as the app takes over.
 */
import { holdBootChunk } from './firstFrame-helpers';
import { expect, type Page, test } from './fixtures';
import { PH_USER } from './tabs-helpers';

const RUNS = 6;

/** Types the scenario user's number and code into whichever Login form is on screen. */
async function typeLogin(page: Page) {
  await page.getByLabel('Area code').selectOption(PH_USER.areaCode);
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(PH_USER.phone);
  await page.getByRole('textbox', { name: 'Verification code' }).fill('1234');
}

async function loggedIn(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByTestId('home-amount')).toHaveText('₱5,000');
}

for (let run = 1; run <= RUNS; run++) {
  test(`LOGIN clicked on the painted form logs in once the app runs (run ${run} of ${RUNS})`, async ({
    page,
    admin,
  }) => {
    await admin.scenario('repaying');
    const release = await holdBootChunk(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.locator('[data-first-frame="login"]')).toBeVisible();
    await typeLogin(page);
    await page.getByRole('button', { name: 'LOGIN', exact: true }).click();
    release();
    await loggedIn(page);
  });

  test(`Enter in the painted code field logs in once the app runs (run ${run} of ${RUNS})`, async ({
    page,
    admin,
  }) => {
    await admin.scenario('repaying');
    const release = await holdBootChunk(page);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.locator('[data-first-frame="login"]')).toBeVisible();
    await typeLogin(page);
    await page.getByRole('textbox', { name: 'Verification code' }).press('Enter');
    release();
    await loggedIn(page);
  });

  test(`LOGIN pressed as the app takes over logs in (run ${run} of ${RUNS})`, async ({
    page,
    admin,
  }) => {
    await admin.scenario('repaying');
    await page.goto('/login', { waitUntil: 'commit' });
    await typeLogin(page);
    await page.getByRole('button', { name: 'LOGIN', exact: true }).click();
    await loggedIn(page);
  });
}
