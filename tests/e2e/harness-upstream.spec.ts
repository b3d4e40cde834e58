/**
 * Upstream mode in the panel, as a tester uses it (docs/mock-server.md "Upstream mode"): the
 * phone's world relays to another backend typed into the Upstream section, a session is recorded
 * with Record and becomes a scenario, the traffic shows which answers came from the upstream, the
 * contract report names a field the backend's answer gained, and a rotation of the backend's
 * identity stops the relay until the tester trusts the new one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { tsImport } from 'tsx/esm/api';
import type { MockServer } from '../../mock-server/app';
import { adminOf } from '@tests/support/mock-server/servedSpa';
import { expect, test } from './harness-fixture';

test.use({ viewport: { width: 1400, height: 1100 } });

const panel = (page: Page) => page.getByRole('complementary', { name: 'Control panel' });
const upstreamSummary = (page: Page) =>
  panel(page)
    .locator('summary')
    .filter({ hasText: /^Upstream/ });

let backend: MockServer;
let backendDir: string;
test.beforeAll(async () => {
  const { createMockServer } = (await tsImport(
    '../../mock-server/app.ts',
    import.meta.url,
  )) as typeof import('../../mock-server/app');
  backendDir = mkdtempSync(path.join(tmpdir(), 'harness-upstream-'));
  backend = await createMockServer({ port: 0, scenario: 'repaying', dataDir: backendDir });
});
test.afterAll(async () => {
  await backend?.close();
  rmSync(backendDir, { recursive: true, force: true });
});

test('relay the phone to another backend, record it, read the contract report, survive a key rotation', async ({
  page,
  app,
  openHarness,
}) => {
  test.setTimeout(120_000);
  const b = adminOf(backend);
  await openHarness('profile=web&scenario=new-user');
  await upstreamSummary(page).click();
  await expect(upstreamSummary(page)).toContainText('off');
  await page.getByLabel('Upstream URL').fill(backend.url);
  await page.getByRole('button', { name: 'Use upstream' }).click();
  await expect(upstreamSummary(page)).toContainText(`relaying to ${backend.url}`);

  await page.getByLabel('Recording name').fill('panel-session');
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(upstreamSummary(page)).toContainText('recording panel-session');

  // The borrower logs in on the web profile: the login and Home's figures are the backend's
  // (`repaying`, ₱5,000 available), not the world's own `new-user`.
  await app.getByLabel('Area code').selectOption('63');
  await app.getByRole('textbox', { name: 'Mobile number' }).fill('9171234567');
  await app.getByRole('textbox', { name: 'Verification code' }).fill('1234');
  await app.getByRole('button', { name: 'LOGIN' }).click();
  await expect(app.getByTestId('home-amount')).toHaveText('₱5,000');
  await page.screenshot({ path: test.info().outputPath('relaying.png') });

  await expect(page.getByText(/Recording “panel-session” · \d+ exchanges/)).toBeVisible();
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByText(/Saved “panel-session” \(\d+ exchanges\)/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Recordings' })).toContainText('panel-session');
  // A scenario from now on: the scenario list has it.
  await page.getByLabel('Scenario').focus();
  await expect(
    page.getByLabel('Scenario').locator('option', { hasText: 'panel-session' }),
  ).toHaveCount(1);

  // The traffic says which answers came from the upstream.
  await page.getByRole('tab', { name: 'API traffic' }).click();
  await expect(
    page.locator('tr[data-path="loan/loanInfo"]', { hasText: 'upstream' }).first(),
  ).toBeVisible();

  // The backend's answer gains a field: the contract report names it.
  const loanInfo = (await b.log()).findLast((e) => e.path === 'loan/loanInfo')?.response.data;
  await b.fault({
    path: 'loan/loanInfo',
    kind: 'code',
    code: 200,
    message: 'success',
    data: { ...(loanInfo as object), graceDays: 3 },
    times: 1,
  });
  await page.getByRole('button', { name: 'Reload app' }).click();
  await page.waitForTimeout(5000);
  await page.screenshot({ path: test.info().outputPath('debug.png') });
  const report = page.getByRole('table', { name: 'Contract report' });
  await expect(report).toContainText('data.graceDays');
  await expect(report).toContainText('unknown-field');
  await expect(
    page.locator('tr[data-path="loan/loanInfo"]', { hasText: '1 contract breach' }),
  ).toHaveCount(1);

  // A key rotation on the backend stops the relay, and the panel says so.
  await fetch(`${backend.url}/__admin/rotate-identity`, {
    method: 'POST',
    headers: { 'x-admin-token': backend.adminToken, 'content-type': 'application/json' },
    body: '{}',
  });
  await page.getByRole('button', { name: 'Reload app' }).click();
  await expect(upstreamSummary(page)).toContainText('STOPPED');
  await expect(
    panel(page).getByRole('status').filter({ hasText: 'upstream identity changed' }),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('identity-changed.png') });
  await page.getByRole('button', { name: 'Trust new identity' }).click();
  await expect(upstreamSummary(page)).toContainText(`relaying to ${backend.url}`);
  await page.getByRole('button', { name: 'Reload app' }).click();
  await expect(app.getByTestId('home-amount')).toHaveText('₱5,000');
});
