/**
 * The painted first frames are the app's own screens (docs/architecture.md "Startup"): React's Home
 * and Login, rendered from their stores, and the frames index.html paints from the build's
 * templates (./frameTemplates.tsx) filled by the inline script (./firstFrame.ts) have the same tree
 * of tags, classes, roles and accessible names. A class renamed on one side, or a part the script
 * no longer finds, fails here: the borrower would see the layout jump as the app takes over.
 */
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { getRoles } from '@testing-library/dom';
import { computeAccessibleName } from 'dom-accessibility-api';
import { afterEach, describe, expect, it } from 'vitest';
import { homeFrameOf } from '@renderer/rules/homeButton';
import { AppRouter, memoryHistory } from '@renderer/router/appRouter';
import { AppRouterProvider } from '@renderer/router/AppRouterProvider';
import { routes } from '@renderer/router/routes';
import { decideStartup } from '@renderer/services/startupDecision';
import { memoryStorage, StorageKey } from '@renderer/lib/storage';
import { StoresProvider } from '@renderer/stores/StoresContext';
import { fakeTransport, ok, testBorrower } from '@tests/support/renderer/fakes';
import { createTestRoot } from '@tests/support/renderer/testRoot';
import { paintFirstFrame } from './firstFrame';
import { frameTemplates } from './frameTemplates';

interface TreeNode {
  tag: string;
  className: string;
  role: string;
  name: string;
  children: TreeNode[];
}

/** Each element's role, as testing-library (and so screen readers' roles) sees it. */
function rolesOf(container: HTMLElement): Map<Element, string> {
  const roles = new Map<Element, string>();
  for (const [role, elements] of Object.entries(getRoles(container))) {
    for (const element of elements) roles.set(element, role);
  }
  return roles;
}

/** The tree of tags, classes, roles and accessible names under `element`, itself included. */
function treeOf(element: Element, roles: Map<Element, string>): TreeNode {
  return {
    tag: element.tagName.toLowerCase(),
    className: element.getAttribute('class') ?? '',
    role: roles.get(element) ?? '',
    name: roles.has(element) ? computeAccessibleName(element) : '',
    children: [...element.children].map((child) => treeOf(child, roles)),
  };
}

const tree = (element: Element | null | undefined): TreeNode => {
  if (!element) throw new Error('no such element');
  return treeOf(element, rolesOf(element.closest('main') ?? (element as HTMLElement)));
};

const user = testBorrower();
const loanInfo = {
  lastAmount: 15000,
  creditAmount: 20000,
  monthlyInterest: 3.5,
  state: 0,
  type: 1,
  loanAmount: 0,
  dueAmount: 0,
  dueDay: 0,
  dueTime: 0,
};

/** React's own screen at `path`, rendered from its stores once startup finished. */
async function reactScreen(path: string, signedIn: boolean) {
  const t = createTestRoot({
    transport: fakeTransport({
      userInfo: ok(user),
      unread: ok([]),
      loanInfo: ok(loanInfo),
      loadAdvertisement: ok([]),
      loadBanner: ok(null),
    }),
    start: path,
  });
  if (signedIn) t.root.user.setUser(user);
  const router = new AppRouter(routes, memoryHistory(path));
  const view = render(
    <StoresProvider root={t.root}>
      <AppRouterProvider router={router} />
    </StoresProvider>,
  );
  await act(() => t.root.session.start(path));
  return view.container;
}

/** The frame index.html paints at `path`, from the build's templates. */
async function paintedFrame(path: string, saved?: object) {
  const local = memoryStorage();
  if (saved) local.setItem(StorageKey.user, JSON.stringify(saved));
  const config = { apiBase: { main: 'h', channel: 'h', hk: 'h' } };
  const page = {
    appConfig: { url: 'app-config.json', response: Promise.resolve(Response.json(config)) },
  } as NonNullable<typeof globalThis.__dlStartup>;
  const win = {
    document,
    localStorage: local,
    sessionStorage: memoryStorage(),
    location: { pathname: path },
    requestAnimationFrame: (callback: () => void) => setTimeout(callback, 0) as unknown as number,
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    __dlStartup: page,
  };
  page.decision = decideStartup(win);
  if (saved) {
    // A first open: Home's frame from the early session's first answers (no seal involved).
    page.earlySession = Promise.resolve({
      token: 'tv',
      homeFrame: Promise.resolve(homeFrameOf(5, loanInfo)),
    } as never);
  }
  paintFirstFrame(win, { appCss: [], homeCss: [], loginCss: [] });
  await page.firstFramePaint;
  const layer = document.querySelector(`[data-first-frame]`);
  if (!layer) throw new Error(`nothing painted at ${path}`);
  return layer;
}

document.head.innerHTML = frameTemplates();

afterEach(() => {
  cleanup();
  for (const painted of document.querySelectorAll('[data-first-frame]')) painted.remove();
  globalThis.__dlStartup = undefined;
});

describe('the painted first frames are the app’s screens', () => {
  it('Login: the same tags, classes, roles and names as the app’s form', async () => {
    const layer = await paintedFrame('/login');
    const painted = tree(layer.querySelector('.login-page'));
    layer.remove();
    globalThis.__dlStartup = undefined;
    const app = await reactScreen('/login', false);
    const form = await waitFor(() => app.querySelector('.login-page') ?? Promise.reject());
    expect(painted).toEqual(tree(form));
  });

  it('Home: the same page heading and hero as the app’s Home with the same figures', async () => {
    const layer = await paintedFrame('/', { tokenValue: 'tv', user: null, loanInfo: null });
    const heading = tree(layer.querySelector('.home-page > h1'));
    const hero = tree(layer.querySelector('.home-hero'));
    layer.remove();
    globalThis.__dlStartup = undefined;
    const app = await reactScreen('/', true);
    const home = await waitFor(() =>
      app.querySelector('[data-testid="home-amount"]')?.textContent === '₱15,000'
        ? app.querySelector('.home-page')
        : Promise.reject(new Error('no figures yet')),
    );
    expect(heading).toEqual(tree(home?.querySelector('.home-page > h1')));
    expect(hero).toEqual(tree(home?.querySelector('.home-hero')));
  });
});
