/**
 * The frame of every content page (documents, events, channel, OFW, registration): a title bar
 * whose back arrow goes back in the app, or closes the webview page when the page was opened
 * directly (a link from the native app or an SMS).
 */
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useStores } from '@renderer/stores/StoresContext';
import './ContentPage.css';

/** Whether the router has an earlier entry of this app to go back to. */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return (state?.idx ?? 0) > 0;
}

export function ContentPage({
  title,
  className,
  children,
  onBack,
}: {
  title: string;
  className?: string;
  children: ReactNode;
  /** Overrides the back arrow (e.g. the partner admin's `back=login`). */
  onBack?: () => void;
}) {
  const navigate = useNavigate();
  const { services } = useStores();
  const back = () => {
    if (onBack) onBack();
    else if (canGoBack()) void navigate(-1);
    else void services.native.closePage();
  };
  return (
    <section className={`content-page ${className ?? ''}`}>
      <header className="content-page__bar safe-sticky">
        <button type="button" className="content-page__back" aria-label="Back" onClick={back}>
          ‹
        </button>
        <h1 className="content-page__title">{title}</h1>
      </header>
      <div className="content-page__body">{children}</div>
    </section>
  );
}
