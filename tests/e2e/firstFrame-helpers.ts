/**
 * Steps of the specs about what index.html does before the app runs (docs/architecture.md
 * "Startup": first frame, early session): hold the boot chunk, count the mock's calls, wait for the
 * app's own Login.
 */
import { expect, type MockAdmin, type Page } from './fixtures';

/**
 * Holds the boot chunk until the returned function is called: the page shows index.html alone.
 * Go to the page with `waitUntil: 'commit'`: the boot loader may add the boot chunk before the
 * load event (a saved session's first call leaves at once), which then waits for it.
 */
export async function holdBootChunk(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index\.[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

/** How many calls of `path` the mock server logged. */
export async function countOf(admin: MockAdmin, path: string): Promise<number> {
  return (await admin.log(500)).filter((entry) => entry.path === path).length;
}

/**
 * The app's own Login is on screen, not the form index.html paints before the app runs (that one
 * is removed as the app's Login commits, so a check could hold a button being detached).
 */
export async function appLoginShown(page: Page): Promise<void> {
  await expect(page.locator('[data-first-frame]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'LOGIN', exact: true })).toBeVisible();
}

/**
 * The app sealed the user record it kept (services/userRecordSeal.ts: the seal is written a
 * moment after the record): a reload now paints the kept Home.
 */
export async function keptRecordSealed(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (
            globalThis as unknown as { localStorage: { getItem(key: string): string | null } }
          ).localStorage.getItem('dl.userSeal') !== null,
      ),
    )
    .toBe(true);
}
