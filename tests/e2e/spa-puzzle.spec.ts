import { expect, test } from './fixtures';

test('puzzle variant: Get Code opens the 280 × 180 slider puzzle; fitting the piece sends the code', async ({
  page,
  admin,
}) => {
  // The mock server's own config, with the variant flag on.
  const config = {
    env: 'development',
    apiBase: {
      main: `${admin.url}/main/`,
      channel: `${admin.url}/channel/`,
      hk: `${admin.url}/hk/`,
    },
    sentryDsn: null,
    puzzleCheck: true,
  };
  await page.route('**/app-config.json', (route) => route.fulfill({ json: config }));
  await page.goto('/login');
  await page.getByLabel('Area code').selectOption('63');
  await page.getByRole('textbox', { name: 'Mobile number' }).fill('9171234567');
  await page.getByRole('button', { name: 'Get Code' }).click();

  const picture = page.getByTestId('puzzle-picture');
  await expect(picture).toBeVisible();
  const box = await picture.boundingBox();
  expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([280, 180]);
  expect((await admin.log()).some((e) => e.path === 'user/getSmsCodeWithLogin')).toBe(false);

  const handle = page.getByRole('slider', { name: 'Puzzle slider' });
  const start = await handle.boundingBox();
  if (!start) throw new Error('no slider handle');
  const y = start.y + start.height / 2;
  // A wrong drop first: the puzzle refuses and resets.
  await page.mouse.move(start.x + 5, y);
  await page.mouse.down();
  await page.mouse.move(start.x + 5 + 10, y, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByText('Try again')).toBeVisible();
  await expect(handle).toHaveAttribute('aria-valuenow', '0');

  const newTarget = Number(await picture.getAttribute('data-target-x'));
  expect(Number.isFinite(newTarget) && newTarget > 0).toBe(true);
  await page.mouse.move(start.x + 5, y);
  await page.mouse.down();
  await page.mouse.move(start.x + 5 + newTarget, y, { steps: 10 });
  await page.mouse.up();
  await expect(page.getByRole('button', { name: /^Resend in \d+s$/ })).toBeVisible();
  await expect(picture).toBeHidden();
  expect((await admin.log()).filter((e) => e.path === 'user/getSmsCodeWithLogin')).toHaveLength(1);
});
