/** Pieces the event pages share: the hero banner, a rules card, and the call to action. */
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useStores } from '@renderer/stores/StoresContext';

export function Hero({
  title,
  amount,
  sub,
  tone,
}: {
  title: string;
  amount?: string;
  sub: string;
  tone?: 'festive' | 'warm';
}) {
  return (
    <div className={`hero${tone ? ` hero--${tone}` : ''}`}>
      <h2 className="hero__title">{title}</h2>
      {amount ? <p className="hero__amount">{amount}</p> : null}
      <p className="hero__sub">{sub}</p>
    </div>
  );
}

export function Rules({
  title = 'How it works',
  children,
}: {
  title?: string;
  children: ReactNode;
}) {
  return (
    <div className="card markdown">
      <h3>{title}</h3>
      {children}
    </div>
  );
}

/** Where a visitor goes first: the login page, coming back to `path` afterwards. */
export function viaLogin(path: string): string {
  return `/login?redirect=${encodeURIComponent(path)}`;
}

/** A button to a logged-in page; visitors log in first. */
export const Cta = observer(function Cta({ to, label }: { to: string; label: string }) {
  const { user } = useStores();
  return (
    <Link className="primary-button" to={user.isLoggedIn ? to : viaLogin(to)} viewTransition>
      {label}
    </Link>
  );
});
