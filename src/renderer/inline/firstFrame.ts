/**
 * The first frame painted by index.html before the boot chunk has run (bench/README.md, "What
 * limits the startup figures"), once the config has answered (a config that fails paints
 * nothing: the app shows its error page). Which frame, if any, is the startup decision's
 * (services/startupDecision.ts):
 *
 * - a second open of Home: Home's headline, amount and main button as the app kept them
 *   (UserStore.homeFrame in `dl.user`, DESIGN.md §6), marked "Updating…". Only what the app
 *   itself wrote in this browser paints (the record's seal, services/userRecordSeal.ts), for the
 *   API host of this deployment's config and, inside a host, the token the host gives now;
 * - a first open of Home (nothing kept for this session): the same frame, made by the session
 *   started before the boot chunk from its first answers (services/earlySession.ts, user info
 *   and loan info), when they come before React's first page;
 * - a borrower signed out on the web, at the entry URL or /login: the Login form, which applies
 *   PRODUCT.md §5 as the app's does (the rules of rules/loginValidation.ts: digits only, the
 *   phone's maximum length, Get Code disabled until the phone matches its pattern).
 *
 * The markup is the app's own views rendered at build time into `<template>`s (./frameTemplates.tsx);
 * this script clones one and fills it with text only (kept text never becomes markup). The frame
 * is a layer over the page: first in the body, so the keyboard reaches it first, while the page
 * under it is inert and hidden from assistive technology. React's screen takes it over in the
 * same frame (lib/firstFrameTakeOver.ts): what the borrower typed, the focus and a press made
 * before (Home's main button, Get Code, LOGIN) go on there, so a tap before the app runs is
 * neither lost nor dead. Any other first page ends it.
 */
import type { AreaCode } from '@shared/constants';
import { type HomeFrame, type PersistedUser, persistedUserShape } from '@renderer/lib/bootShapes';
import type { FirstFrameKind, FirstFramePress, PaintedFrame } from '@renderer/lib/firstFrame';
import { type StartupPage, startupPage } from '@renderer/lib/startupPage';
import { getCodeDisabled, normalizeCode, normalizePhone } from '@renderer/rules/loginValidation';
import { JsonStorage, type KeyValueStorage, StorageKey } from '@renderer/lib/storage';
import { startRecordSealed } from '@renderer/services/userRecordSeal';
import { FRAME_TEMPLATE_IDS } from './frameTemplateIds';

/**
 * What the build passes: the stylesheets a frame is styled by, the app's own (its entry's, linked
 * at the end of the body) and each page's.
 */
export interface FirstFrameNeeds {
  appCss: readonly string[];
  homeCss: readonly string[];
  loginCss: readonly string[];
}

/** The page as this script reads it (tests pass a fake around the test's document). */
export interface FramePageWindow {
  document: Document;
  localStorage: KeyValueStorage;
  nativeBridge?: unknown;
  __dlStartup?: StartupPage | undefined;
  requestAnimationFrame(callback: () => void): number;
  setTimeout(callback: () => void, ms: number): unknown;
}

/** The frame being painted: the record the app takes it over from, and its layer. */
interface FrameState extends PaintedFrame {
  layer: HTMLElement;
}

/** Longest wait for the decision before the app's first render (a host slow to give its token). */
const DECISION_WAIT_MS = 200;
/** Longest wait for the frame that shows the layer (a hidden tab has no frames). */
const SHOWN_WAIT_MS = 100;

/** Paints the frame the startup decision names, if its conditions hold (see above). */
export function paintFirstFrame(win: FramePageWindow, needs: FirstFrameNeeds): void {
  const page = startupPage(win);
  const kind = page.decision?.frame;
  if (!kind) return;
  const doc = win.document;
  const template = doc.getElementById(FRAME_TEMPLATE_IDS[kind]) as HTMLTemplateElement | null;
  if (!template?.content) return;
  let saved: PersistedUser | undefined;
  try {
    saved = new JsonStorage(win.localStorage).read(StorageKey.user, persistedUserShape);
  } catch {
    return;
  }
  const kept = (kind === 'home' && saved?.apiHost !== undefined && saved.homeFrame) || undefined;
  // Home with nothing kept for this session: the frame the early session makes from its first
  // answers (services/earlySession.ts).
  const early = kind === 'home' ? page.earlySession : undefined;
  if (kind === 'home' && !kept && !early) return;
  const configFetch = page.appConfig;
  if (!configFetch) return;
  // A copy of the body: loadAppConfig reads the response itself.
  const config = configFetch.response.then((response) =>
    response.ok ? (response.clone().json() as Promise<{ apiBase?: { main?: string } }>) : null,
  );
  const sealed = kept ? startRecordSealed(win.localStorage) : Promise.resolve(false);
  const bridge = win.nativeBridge as { call(method: string): Promise<unknown> } | undefined;
  let token: Promise<unknown> = Promise.resolve(saved?.tokenValue ?? '');
  if (kind === 'home' && page.decision?.inHost && bridge) {
    // The host's answer is the app's too (NativeBridgeHost takes it): the host is asked once.
    const answer = new Promise<unknown>((resolve) => resolve(bridge.call('getBaseInfo')));
    answer.catch(() => {});
    page.earlyBaseInfo = { bridge, answer };
    token = answer.then((result) => {
      const { resultCode, data } = (result ?? {}) as { resultCode?: number; data?: unknown };
      return resultCode === 0 ? (data as { tokenValue?: unknown } | null)?.tokenValue : null;
    });
  }
  const styles = [
    ...needs.appCss.map((href) => appSheet(doc, href)),
    ...(kind === 'home' ? needs.homeCss : needs.loginCss).map((href) => loadedSheet(doc, href)),
  ];
  const paint = (state: FrameState) => {
    // First in the body: the keyboard's first stop is the frame, never the page under it.
    doc.body.insertBefore(state.layer, doc.body.firstChild);
    const under = doc.getElementById('root');
    if (under) {
      under.inert = true;
      under.setAttribute('aria-hidden', 'true');
    }
    page.firstFrame = state;
  };
  const frameState = (frameKind: FirstFrameKind): FrameState => {
    const layer = doc.createElement('div');
    layer.className = 'first-frame';
    layer.setAttribute('data-first-frame', frameKind);
    layer.appendChild(template.content.cloneNode(true));
    return {
      kind: frameKind,
      press: null,
      parts: {},
      layer,
      end() {
        layer.remove();
        const under = doc.getElementById('root');
        if (!under) return;
        under.inert = false;
        under.removeAttribute('aria-hidden');
      },
    };
  };
  // Settles once a kept frame or Login painted, or the script decided they do not: true when
  // Home's frame is left to the early session.
  const decided = Promise.all([config, token, sealed, ...styles])
    .then(([cfg, tokenNow, isSealed]) => {
      if (!cfg?.apiBase) return false;
      // React's first page is already on screen: nothing to paint.
      if (page.firstFrame) return false;
      const state = frameState(kind);
      if (kind === 'login') {
        loginView(state);
      } else if (
        kept &&
        isSealed &&
        cfg.apiBase.main === saved?.apiHost &&
        tokenNow === saved?.tokenValue
      ) {
        homeView(state, kept, true);
      } else {
        return true;
      }
      paint(state);
      return false;
    })
    .catch(() => false);
  /** The session's token now: the host's, or the saved login. */
  const tokenNow = () =>
    page.decision?.inHost
      ? token
      : Promise.resolve().then(
          () =>
            new JsonStorage(win.localStorage).read(StorageKey.user, persistedUserShape)?.tokenValue,
        );
  // No kept frame for this session: Home's frame from the early session's first answers, if
  // they come before React's first page and the session is still the page's (same texts;
  // their figures are fresh).
  page.firstFramePaint = decided.then(async (leftToEarly) => {
    if (!leftToEarly || !early) return;
    try {
      const session = await early;
      const [frame, now] = await Promise.all([session?.homeFrame, tokenNow()]);
      if (!session || !frame || page.firstFrame || now !== session.token) return;
      const state = frameState('home');
      homeView(state, frame, false);
      paint(state);
    } catch {
      // No frame: the app paints its own page.
    }
  });
  const within = (ms: number, promise: Promise<unknown>) =>
    Promise.race([promise, new Promise((resolve) => win.setTimeout(() => resolve(undefined), ms))]);
  // The app waits for this before its first render (main.tsx), so a frame paints first: the
  // decision (bounded), then the frame that shows the layer (bounded). A frame still waiting for
  // the early session's answers is not waited for: React's page comes first then.
  page.firstFrameShown = () =>
    within(DECISION_WAIT_MS, decided).then(() => {
      const shown = page.firstFrame;
      if (!shown || !('kind' in shown)) return undefined;
      return within(
        SHOWN_WAIT_MS,
        new Promise((resolve) =>
          win.requestAnimationFrame(() => win.setTimeout(() => resolve(undefined), 0)),
        ),
      ).then(() => undefined);
    });
}

/** Resolves once `link`'s stylesheet applies; rejects when it cannot load. */
function sheetOf(link: HTMLLinkElement): Promise<unknown> {
  if (link.sheet) return Promise.resolve();
  return new Promise((resolve, reject) => {
    link.addEventListener('load', resolve);
    link.addEventListener('error', reject);
  });
}

/** A page's stylesheet, added now (the app adds it again with its chunk: the fetch is reused). */
function loadedSheet(doc: Document, href: string): Promise<unknown> {
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  link.crossOrigin = '';
  link.href = href;
  const loaded = sheetOf(link);
  doc.head.appendChild(link);
  return loaded;
}

/**
 * The app's own stylesheet `href`, linked at the end of the body (scripts/
 * stylesheetsAfterLoadingPagePlugin.ts): once the page is parsed, its link there (one request,
 * never a second one for the same file); added here only when the page has none.
 */
function appSheet(doc: Document, href: string): Promise<unknown> {
  const parsed = new Promise<void>((resolve) => {
    if (doc.readyState !== 'loading') resolve();
    else doc.addEventListener('DOMContentLoaded', () => resolve());
  });
  return parsed.then(() => {
    const links = doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]');
    const link = [...links].find((candidate) => candidate.getAttribute('href') === href);
    return link ? sheetOf(link) : loadedSheet(doc, href);
  });
}

/** The element of `className` in the frame (the view's own class names, ./frameTemplates.tsx). */
function part<T extends HTMLElement>(state: FrameState, className: string): T {
  const element = state.layer.querySelector<T>(`.${className}`);
  if (!element) throw new Error(`The first frame has no .${className}`);
  return element;
}

/** A press of the frame, made again by the app's screen once it runs. */
function pressed(state: FrameState, button: HTMLButtonElement, press: FirstFramePress): void {
  state.press = press;
  button.setAttribute('aria-busy', 'true');
}

/**
 * Home's hero (features/home/HomeHero.tsx) with the figures as text: kept from the last open
 * (`refreshing`: being refreshed, as Home says while its calls run), or made from this open's
 * first answers.
 */
function homeView(state: FrameState, frame: HomeFrame, refreshing: boolean): void {
  // Handed to Home, whose figures may still be on their way when it takes the frame over.
  state.figures = frame;
  part(state, 'home-hero__caption').textContent = frame.caption;
  part(state, 'home-hero__amount').textContent = frame.amount;
  const button = part<HTMLButtonElement>(state, 'home-hero__button');
  if (frame.button) {
    button.textContent = frame.button.label;
    button.disabled = frame.button.disabled;
    // Pressed again by Home once the app runs (after fresh loan info, as any press).
    button.addEventListener('click', () => pressed(state, button, 'main'));
    state.parts.main = button;
  } else {
    button.remove();
  }
  if (!refreshing) part(state, 'home-hero__stale').remove();
}

/**
 * The Login form (features/login/LoginForm.tsx) with PRODUCT.md §5's rules applied as the app's
 * form applies them (stores/PhoneCodeForm.ts), from the same functions.
 */
function loginView(state: FrameState): void {
  const form = part<HTMLFormElement>(state, 'login-form');
  const area = part<HTMLSelectElement>(state, 'login-form__area');
  const phone = part<HTMLInputElement>(state, 'login-form__phone');
  const code = part<HTMLInputElement>(state, 'login-form__code');
  const getCode = part<HTMLButtonElement>(state, 'login-form__get-code');
  const submit = part<HTMLButtonElement>(state, 'login-form__submit');
  const areaCode = () => area.value as AreaCode;
  const keep = (field: HTMLInputElement, value: string) => {
    if (field.value !== value) field.value = value;
  };
  const check = () => {
    keep(phone, normalizePhone(areaCode(), phone.value));
    getCode.disabled = getCodeDisabled(areaCode(), phone.value, true);
  };
  area.addEventListener('change', check);
  phone.addEventListener('input', check);
  code.addEventListener('input', () => keep(code, normalizeCode(code.value)));
  check();
  // Pressed again by Login once the app runs, with what was typed here.
  getCode.addEventListener('click', () => pressed(state, getCode, 'code'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    pressed(state, submit, 'login');
  });
  state.parts = { areaCode: area, phone, code, getCode, submit };
  state.fields = ['areaCode', 'phone', 'code'];
}
