/** Page frame of the repay, loan and KYC screens: an app bar with a back arrow and a title. */

import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { backIcon } from './BackIcon';
import './MoneyPage.css';

export function MoneyPage({
  title,
  children,
  back,
}: {
  title: string;
  children: ReactNode;
  /** Where the back arrow goes; history back when omitted (home when there is no history). */
  back?: string;
}) {
  const navigate = useNavigate();
  const goBack = () => {
    if (back) navigate(back, { viewTransition: true });
    else if (window.history.length > 1) navigate(-1);
    else navigate('/', { replace: true });
  };
  return (
    <section className="money-page" aria-label={title}>
      <NavBar className="money-page__bar safe-sticky" onBack={goBack} backIcon={backIcon}>
        <h1 className="money-page__title">{title}</h1>
      </NavBar>
      <div className="money-page__body">{children}</div>
    </section>
  );
}
