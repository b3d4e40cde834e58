/**
 * The markup of the first frames index.html paints before the app runs (./firstFrame.ts), made
 * from the app's own views at build time (scripts/preloadFirstNeedsPlugin.ts renders it with
 * react-dom/server into `<template>`s), as Squoosh's static build renders its page from the
 * components the client runs: Home's page and hero (features/home/HomeHero.tsx) with every part
 * present and no text yet — the inline script fills in the figures as text and removes what a
 * frame does not show —, and the Login form (features/login/LoginForm.tsx) as the app shows it
 * first. Each sits in a `main`, the landmark of the app's shell.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { AREA_CODES, DEFAULT_AREA_CODE } from '@shared/constants';
import { HomeHero, HomeHeroUpdating, HomePage } from '@renderer/features/home/HomeHero';
import { LoginForm } from '@renderer/features/login/LoginForm';
import { GET_CODE_LABEL } from '@renderer/rules/countdown';
import { FRAME_TEMPLATE_IDS } from './frameTemplateIds';

const nothing = () => {};

/** Home's frame: every part of the hero, empty (the inline script fills or removes each). */
export function homeFrameMarkup(): string {
  return renderToStaticMarkup(
    <main>
      <HomePage>
        <HomeHero caption="" amount="" button={{ label: '', disabled: false }}>
          <HomeHeroUpdating />
        </HomeHero>
      </HomePage>
    </main>,
  );
}

/** Login's frame: the form a borrower signed out on the web first sees (PRODUCT.md §5 defaults). */
export function loginFrameMarkup(): string {
  return renderToStaticMarkup(
    <main>
      <LoginForm
        areaCodes={AREA_CODES}
        areaCode={DEFAULT_AREA_CODE}
        phone=""
        code=""
        getCode={{ label: GET_CODE_LABEL, loading: false, disabled: false }}
        submitting={false}
        onAreaCode={nothing}
        onPhone={nothing}
        onCode={nothing}
        onGetCode={nothing}
        onSubmit={nothing}
      />
    </main>,
  );
}

/** Both frames' `<template>` elements, as index.html carries them. */
export function frameTemplates(): string {
  return [
    `<template id="${FRAME_TEMPLATE_IDS.home}">${homeFrameMarkup()}</template>`,
    `<template id="${FRAME_TEMPLATE_IDS.login}">${loginFrameMarkup()}</template>`,
  ].join('\n    ');
}
