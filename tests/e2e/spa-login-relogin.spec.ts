/**
 * A login after the server ended the session sticks (PRODUCT.md §4, §8; DESIGN.md §6): the
 * reload paints the kept Home while the session started before the app runs asks for Home's
 * figures with the ended token; the app finds the session over and goes to /login, and the same
 * borrower logs in again. Nothing of the ended session — its calls made ahead, their answers —
 * reaches the new one, and no user call ever leaves without a token. Repeated: it was a race
 * (the next session's Home took the ended one's answers, lost 3 runs in 10 here).
 */
import { expect, type LogEntry, test } from './fixtures';
import { loginOnWeb, PH_USER } from './tabs-helpers';

const RUNS = 10;

/** The calls a visitor without a token makes: the secure channel and the login itself. */
const SIGNED_OUT_PATHS = new Set([
  'config/getServicePublicKey',
  'user/getSmsCodeWithLogin',
  'user/login',
]);

const tokenless = (log: LogEntry[]) =>
  log
    .filter((entry) => !SIGNED_OUT_PATHS.has(entry.path) && !entry.request.headers.token)
    .map((entry) => entry.path);

for (let run = 1; run <= RUNS; run++) {
  test(`a re-login after the session ended on the server sticks (run ${run} of ${RUNS})`, async ({
    page,
    admin,
  }) => {
    await admin.scenario('repaying');
    await loginOnWeb(page);
    await expect(page.getByTestId('home-amount')).toHaveText('₱5,000');

    // The server forgets every session; the page still holds its token and its kept Home.
    await admin.scenario('repaying');
    await admin.clearLog();
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Area code').selectOption(PH_USER.areaCode);
    await page.getByRole('textbox', { name: 'Mobile number' }).fill(PH_USER.phone);
    await page.getByRole('textbox', { name: 'Verification code' }).fill('1234');
    await page.getByRole('button', { name: 'LOGIN', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('home-amount')).toHaveText('₱5,000');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    // Home's calls of the new session were asked and answered: no session code after the login.
    const afterLogin = async () => {
      const log = await admin.log(500);
      return log.slice(log.findIndex((entry) => entry.path === 'user/login') + 1);
    };
    await expect
      .poll(async () => (await afterLogin()).map((entry) => entry.path))
      .toEqual(expect.arrayContaining(['user/userInfo', 'loan/loanInfo']));
    const answered = (await afterLogin()).map((entry) => `${entry.path} ${entry.response.code}`);
    expect(answered.filter((line) => !line.endsWith(' 200'))).toEqual([]);
    expect(tokenless(await admin.log(500))).toEqual([]);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'LOGIN', exact: true })).toHaveCount(0);
  });
}
