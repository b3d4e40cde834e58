/**
 * The first frame index.html paints before the app runs is part of the app (docs/architecture.md
 * "Startup"): the keyboard and a screen reader meet it and nothing under it, its Login keeps
 * PRODUCT.md §5 as the app's does, it never moves as the app's stylesheets arrive, the focus goes
 * on where the app takes it over, and it shows only what the app itself kept for this session.
 */
import { holdBootChunk, keptRecordSealed } from './firstFrame-helpers';
import { expect, type Page, test } from './fixtures';
import { loginOnWeb } from './tabs-helpers';

/** What the specs read of the page (e2e code compiles without the DOM lib). */
interface PageWindow {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  document: { activeElement: { tagName: string; textContent: string | null } | null };
  __shifts?: { value: number; inFrame: boolean }[];
}

/** The focused element, as tag and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = (globalThis as unknown as PageWindow).document.activeElement;
    return `${active?.tagName ?? ''} ${active?.textContent?.trim() ?? ''}`.trim();
  });

test.describe('the painted Home', () => {
  test('the keyboard and a screen reader meet Home, never the Loading page under it', async ({
    page,
    inLenderApp,
    bridgeCalls,
  }) => {
    await inLenderApp(page, 'can-borrow');
    await page.goto('/');
    await expect(page.getByTestId('home-amount')).toHaveText('₱15,000');
    await keptRecordSealed(page);

    const release = await holdBootChunk(page);
    await page.reload({ waitUntil: 'commit' });
    const frame = page.locator('[data-first-frame="home"]');
    await expect(frame.getByTestId('home-amount')).toHaveText('₱15,000');
    // What a screen reader hears: Home's landmark and heading, its figures — not "Back", "Loading".
    const heard = await page.locator('body').ariaSnapshot();
    expect(heard).toContain('- main:');
    expect(heard).toContain('heading "Loan" [level=1]');
    expect(heard).toContain('button "Apply Now"');
    expect(heard).not.toContain('Back');
    expect(heard).not.toContain('Loading');
    // The first Tab reaches Home's main button; the Back underneath never takes the focus.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('BUTTON Apply Now');
    release();
    await expect(frame).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    // The app's Home took the focus over: the borrower's place is kept, not dropped on BODY.
    await expect.poll(() => focused(page)).toBe('BUTTON Apply Now');
    expect((await bridgeCalls(page)).map((call) => call.method)).not.toContain('closePage');
  });

  test('shows only what the app kept for this session: a record planted in storage paints nothing', async ({
    page,
    admin,
    baseURL,
  }) => {
    await admin.scenario('can-borrow');
    const config = (await (await fetch(`${baseURL}/app-config.json`)).json()) as {
      apiBase: { main: string };
    };
    // Any token, the right API host, figures and a button of the planter's choosing.
    const planted = JSON.stringify({
      tokenValue: 'planted-token',
      user: null,
      loanInfo: null,
      apiHost: config.apiBase.main,
      homeFrame: {
        caption: 'Available amount',
        amount: '₱999,999',
        button: { label: 'Claim your prize', disabled: false },
      },
    });
    await page.addInitScript((record) => {
      const scope = globalThis as unknown as PageWindow & {
        MutationObserver: new (
          callback: () => void,
        ) => { observe(target: unknown, options: Record<string, boolean>): void };
        document: { documentElement: { textContent: string | null } };
        __plantedSeen?: boolean;
      };
      scope.localStorage.setItem('dl.user', record);
      // Whether the planter's figures or button ever showed, however briefly.
      scope.__plantedSeen = false;
      const look = () => {
        const text = scope.document.documentElement.textContent ?? '';
        if (text.includes('₱999,999') || text.includes('Claim your prize'))
          scope.__plantedSeen = true;
      };
      new scope.MutationObserver(look).observe(scope.document, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    }, planted);
    await page.goto('/');
    // The token is tried and refused: the borrower is asked to log in.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'LOGIN', exact: true })).toBeVisible();
    const seen = await page.evaluate(
      () => (globalThis as unknown as { __plantedSeen?: boolean }).__plantedSeen,
    );
    expect(seen).toBe(false);
  });

  test('never moves while it shows, however late the app’s stylesheets come (12 second opens)', async ({
    page,
    admin,
  }) => {
    await admin.scenario('repaying');
    await loginOnWeb(page);
    await expect(page.getByTestId('home-amount')).toHaveText('₱5,000');
    await keptRecordSealed(page);
    // Every layout shift of the page, and whether what moved was in the painted frame.
    await page.addInitScript(() => {
      const scope = globalThis as unknown as PageWindow & {
        PerformanceObserver: new (
          callback: (list: {
            getEntries(): {
              value: number;
              sources?: { node?: { closest?(selector: string): unknown } }[];
            }[];
          }) => void,
        ) => { observe(options: object): void };
      };
      const shifts: { value: number; inFrame: boolean }[] = [];
      scope.__shifts = shifts;
      new scope.PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const inFrame = (entry.sources ?? []).some((source) =>
            Boolean(source.node?.closest?.('[data-first-frame]')),
          );
          shifts.push({ value: entry.value, inFrame });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The app's stylesheets arrive late: a frame painted before them would move when they apply.
    await page.route(/\/assets\/[^/]+\.css$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    for (let open = 1; open <= 12; open++) {
      await page.reload();
      await expect(page.locator('[data-first-frame]')).toHaveCount(0);
      await expect(page.getByTestId('home-amount')).toHaveText('₱5,000');
      const shifts = await page.evaluate(() => (globalThis as unknown as PageWindow).__shifts);
      expect(
        shifts?.filter((shift) => shift.inFrame),
        `second open ${open}`,
      ).toEqual([]);
    }
  });
});

test.describe('the painted Login', () => {
  test('the keyboard and a screen reader meet the form, never the Loading page under it', async ({
    page,
  }) => {
    const release = await holdBootChunk(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const frame = page.locator('[data-first-frame="login"]');
    await expect(frame.getByRole('button', { name: 'LOGIN' })).toBeVisible();
    const heard = await page.locator('body').ariaSnapshot();
    expect(heard).toContain('- main:');
    expect(heard).toContain('heading "Direct Loan" [level=1]');
    expect(heard).not.toContain('Back');
    expect(heard).not.toContain('Loading');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatch(/^SELECT/);
    await page.keyboard.press('Tab');
    await page.keyboard.type('9171234567');
    release();
    await expect(frame).toHaveCount(0);
    // The app's form has the focus and what was typed, in the same field.
    await expect(page.getByRole('textbox', { name: 'Mobile number' })).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Mobile number' })).toHaveValue('917123456');
  });

  test('keeps PRODUCT.md §5: the phone’s maximum length, Get Code only for a valid phone', async ({
    page,
  }) => {
    const release = await holdBootChunk(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const frame = page.locator('[data-first-frame="login"]');
    const phone = frame.getByRole('textbox', { name: 'Mobile number' });
    const getCode = frame.getByRole('button', { name: 'Get Code' });
    await frame.getByLabel('Area code').selectOption('63');
    await phone.pressSequentially('91712');
    await expect(getCode).toBeDisabled();
    // 15 digits typed: the field keeps 10, as the app's does (63, starting with 9).
    await phone.pressSequentially('3456789012');
    await expect(phone).toHaveValue('9171234567');
    await expect(getCode).toBeEnabled();
    const code = frame.getByRole('textbox', { name: 'Verification code' });
    await code.pressSequentially('12345');
    await expect(code).toHaveValue('1234');
    release();
    await expect(frame).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Mobile number' })).toHaveValue('9171234567');
    await expect(page.getByRole('textbox', { name: 'Verification code' })).toHaveValue('1234');
  });
});
