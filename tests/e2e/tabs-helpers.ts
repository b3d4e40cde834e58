/** Shared steps of the tabs-* specs: log in on the web with the scenario user's code 1234. */
import { expect, type Page } from '@playwright/test';

/** The scenario users of DESIGN.md §6. */
export const PH_USER = { areaCode: '63', phone: '9171234567' } as const;
export const TW_USER = { areaCode: '886', phone: '912345678' } as const;

/** Logs in through /login and waits for the Home tab. */
export async function loginOnWeb(page: Page, user: { areaCode: string; phone: string } = PH_USER) {
  await page.goto('/login');
  await page.getByLabel('Area code').selectOption(user.areaCode);
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(user.phone);
  await page.getByRole('textbox', { name: 'Verification code' }).fill('1234');
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}
