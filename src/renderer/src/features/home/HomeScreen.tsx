/**
 * The Home tab at / (PRODUCT.md §2 Home): headline, main button, credit, repay, banners, popups.
 * No antd-mobile component paints Home's first frame: its buttons are plain buttons styled like
 * the library's large block buttons, and the carousel and popup load later, so the library's
 * animation code stays off the path to a usable Home (bench/README.md).
 */
import { observer } from 'mobx-react-lite';
import { KycStates } from '@shared/api/entities';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { HomeFrame } from '@renderer/lib/bootShapes';
import { restoreFocus, type TakenFrame, takeFirstFrame } from '@renderer/lib/firstFrameTakeOver';
import { formatDate, formatPeso } from '@renderer/lib/format';
import { useNavigating } from '@renderer/lib/navigating';
import { useOptionalChunk } from '@renderer/lib/useOptionalChunk';
import { KEPT_FRESH_MS } from '@renderer/stores/Freshness';
import { useFeature, useStores } from '@renderer/stores/StoresContext';
import { HomeBanners } from './HomeBanners';
import { HomeHero, HomeHeroUpdating, HomePage } from './HomeHero';
import { headlineOf, homeFrameOf, showsOverdue } from '@renderer/rules/homeButton';
import { PullRefresh } from '@renderer/components/PullRefresh';
import './home.css';

// Loaded when the first popup ad shows (its mask animation library is not Home's to carry).
const loadPopup = () => import('./HomePopup');

import { homeFeature } from './HomeStore';

const HomeScreen = observer(function HomeScreen() {
  const { user, events } = useStores();
  const home = useFeature(homeFeature);
  const active = useLocation().pathname === '/';
  const navigating = useNavigating();

  // Kept alive (PRODUCT.md §2): shown again, only what is stale is asked again; the host
  // resuming the page and pull-to-refresh reload everything.
  useEffect(() => {
    if (active) void home.refresh(KEPT_FRESH_MS);
  }, [active, home]);
  useEffect(() => events.on('resume', () => void home.refresh()), [events, home]);

  const loan = user.loanInfo;
  const headline = headlineOf(home.kycState, loan?.lastAmount ?? 0);
  const button = home.buttonView(navigating);
  const approved = home.kycState === KycStates.APPROVED;
  // An amount not known yet is a placeholder, never ₱0 (DESIGN.md §6): the user, or an approved
  // borrower's figures, still on their way.
  const amountPending = home.kycState === undefined || (approved && home.figuresPending);
  // Mounted from the first popup on, so a closing popup can animate out.
  const [popupShown, setPopupShown] = useState(false);
  useEffect(() => {
    if (home.popup) setPopupShown(true);
  }, [home.popup]);
  const HomePopup = useOptionalChunk(loadPopup, popupShown);

  // The first frame index.html painted goes in the commit that shows this one; a press of its
  // main button made before the app ran is made again below (lib/firstFrame.ts). Its figures,
  // this session's (kept, or from the first answers), stand in while Home's own are on their
  // way, so the borrower never sees them go and come back.
  const [painted, setPainted] = useState<HomeFrame | null>(null);
  const pressedBefore = useRef(false);
  const mainButtonRef = useRef<HTMLButtonElement>(null);
  const takenFocus = useRef<TakenFrame['focus']>(undefined);
  useLayoutEffect(() => {
    const taken = takeFirstFrame('home');
    if (taken?.figures) setPainted(taken.figures);
    pressedBefore.current = taken?.press === 'main';
    takenFocus.current = taken?.focus;
  }, []);
  // The painted main button's focus goes to this one as soon as it can take it (it is disabled
  // while the first route loads), never lost on the page's body.
  useEffect(() => {
    if (restoreFocus(takenFocus.current, { main: mainButtonRef })) takenFocus.current = undefined;
  });
  useEffect(() => {
    if (!amountPending) setPainted(null);
  }, [amountPending]);
  // That press (or one on the stand-in figures) is made once Home knows its own figures, after
  // the refresh above has started, so it waits for fresh loan info as any press does; none when
  // loan info could not be loaded.
  useEffect(() => {
    if (!pressedBefore.current || amountPending) return;
    pressedBefore.current = false;
    if (!home.loanInfoMissing) home.pressMainButton();
  }, [amountPending, home]);
  const standIn = amountPending ? painted : null;

  // Home's first frame with figures, kept for the next open (UserStore.homeFrame).
  const amountText = amountPending ? undefined : formatPeso(headline.amount, 0);
  const frame =
    home.kycState === undefined || amountPending || home.loanInfoMissing
      ? undefined
      : homeFrameOf(home.kycState, loan);
  const frameKey = JSON.stringify(frame);
  const mainButton = standIn
    ? standIn.button && { ...standIn.button, disabled: standIn.button.disabled || navigating }
    : button.hidden || (approved && home.figuresPending)
      ? null
      : { label: button.label, disabled: button.disabled };
  // biome-ignore lint/correctness/useExhaustiveDependencies: frameKey stands for the frame
  useEffect(() => {
    if (frame) user.keepHomeFrame(frame);
  }, [frameKey, user]);

  return (
    <PullRefresh onRefresh={() => home.refresh()}>
      <HomePage>
        {home.loanInfoMissing ? (
          <div className="home-hero home-hero--missing" role="alert">
            <p className="home-hero__caption">Your loan details could not be loaded.</p>
            <button
              type="button"
              className="home-hero__button"
              disabled={home.loanInfoStatus === 'loading'}
              aria-busy={home.loanInfoStatus === 'loading'}
              onClick={() => void home.retryLoanInfo()}
            >
              Retry
            </button>
          </div>
        ) : (
          <HomeHero
            caption={standIn ? standIn.caption : headline.caption}
            amount={standIn ? standIn.amount : amountText}
            button={mainButton}
            buttonRef={mainButtonRef}
            onPress={() => {
              if (standIn) pressedBefore.current = true;
              else home.pressMainButton();
            }}
          >
            {home.loanInfoStatus === 'loading' && loan ? <HomeHeroUpdating /> : null}
            {home.loanInfoStale ? (
              <p className="home-hero__stale" role="status">
                Not updated: these figures are from your last visit.{' '}
                <button
                  type="button"
                  className="text-button"
                  onClick={() => void home.retryLoanInfo()}
                >
                  Retry
                </button>
              </p>
            ) : null}
          </HomeHero>
        )}

        {approved && loan && (
          <section className="home-card" aria-label="Credit">
            <div className="home-card__item">
              <span className="home-card__label">Credit Limit</span>
              <span className="home-card__value">{formatPeso(loan.creditAmount, 0)}</span>
            </div>
            <div className="home-card__item">
              <span className="home-card__label">Monthly Interest</span>
              <span className="home-card__value">{loan.monthlyInterest}%</span>
            </div>
          </section>
        )}

        {loan && loan.dueAmount > 0 && (
          <section className="home-card home-repay" aria-label="Repayment">
            <div className="home-card__item">
              <span className="home-card__label">Due Amount</span>
              <span className="home-card__value">{formatPeso(loan.dueAmount, 0)}</span>
            </div>
            <div className="home-card__item">
              <span className="home-card__label">Due Date</span>
              <span className="home-card__value">{formatDate(loan.dueTime)}</span>
            </div>
            {showsOverdue(loan) && (
              <p className="home-repay__overdue" role="status">
                Overdued {loan.dueDay} Day(s)
              </p>
            )}
            <Link className="home-repay__link" to="/bill" viewTransition>
              Repay Now
            </Link>
          </section>
        )}

        <HomeBanners
          banners={home.banners}
          ready={home.loanInfoStatus !== 'loading'}
          onOpen={(banner) => home.openLink(banner.link)}
        />
      </HomePage>

      {HomePopup && (
        <HomePopup
          popup={home.popup}
          onOpen={() => home.openPopup()}
          onClose={() => home.closePopup()}
        />
      )}
    </PullRefresh>
  );
});

export default HomeScreen;
