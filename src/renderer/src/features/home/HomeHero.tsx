/**
 * Home's page and its hero (PRODUCT.md §2 Home: the headline amount and the main button) as pure
 * views: HomeScreen renders them from its stores, and the web build renders them once, empty, into
 * the `<template>` index.html paints Home's first frame from (src/renderer/inline), so the painted
 * frame is this markup filled with text, never a second copy of it (docs/architecture.md
 * "Startup"). No hooks, no stores, no antd-mobile: react-dom/server renders them at build time.
 */
import type { ReactNode, Ref } from 'react';

/**
 * The Home tab's page: its heading, named as its tab (PRODUCT.md §2: Loan at /), read by screen
 * readers (the hero shows the page), and what the screen puts in it.
 */
export function HomePage({ children }: { children: ReactNode }) {
  return (
    <section className="home-page">
      <h1 className="visually-hidden">Loan</h1>
      {children}
    </section>
  );
}

/** The main button as the hero shows it. */
interface HeroButton {
  label: string;
  disabled: boolean;
}

export interface HomeHeroProps {
  caption: string;
  /** The amount as shown; undefined while it is not known: a placeholder, never ₱0 (DESIGN.md §6). */
  amount: string | undefined;
  /** The main button, or none (PRODUCT.md §4 "Home button": hidden under ₱1,000). */
  button: HeroButton | null;
  onPress?: () => void;
  /** The main button, for the screen that moves the focus onto it. */
  buttonRef?: Ref<HTMLButtonElement>;
  /** What the hero says about its figures below the button (HomeHeroUpdating, …). */
  children?: ReactNode;
}

export function HomeHero({ caption, amount, button, onPress, buttonRef, children }: HomeHeroProps) {
  return (
    <div className="home-hero">
      <p className="home-hero__caption">{caption}</p>
      {amount === undefined ? (
        <p className="home-hero__amount" data-testid="home-amount-pending" aria-busy="true">
          <span className="home-hero__placeholder" role="img" aria-label="Loading amount" />
        </p>
      ) : (
        <p className="home-hero__amount" data-testid="home-amount">
          {amount}
        </p>
      )}
      {button && (
        <button
          ref={buttonRef}
          type="button"
          className="home-hero__button"
          disabled={button.disabled}
          onClick={onPress}
        >
          {button.label}
        </button>
      )}
      {children}
    </div>
  );
}

/** Kept figures on screen while fresh ones come: quiet, but said (the button waits). */
export function HomeHeroUpdating() {
  return (
    <p className="home-hero__stale" role="status">
      Updating…
    </p>
  );
}
