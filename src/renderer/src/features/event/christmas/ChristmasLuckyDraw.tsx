/**
 * /event/christmas_lucky_draw, /prize and /task: the draw, the winner's prizes and the tasks
 * that give extra chances, against activity/luckyDraw/* (the server judges the window too);
 * /mechanics: the official mechanics, for everyone, logged in or not.
 */
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { missingCaseError } from '@shared/missingCaseError';
import { formatDate } from '@renderer/lib/format';
import { PageSkeleton } from '@renderer/shell/PageSkeleton';
import { useFeature, useStores } from '@renderer/stores/StoresContext';
import { Hero, viaLogin } from '@renderer/features/event/EventParts';
import type { EventPageProps } from '@renderer/features/event/EventPageProps';
import { LuckyDrawMechanics } from './LuckyDrawMechanics';
import type { LuckyDrawStore } from './LuckyDrawStore';
import { luckyDrawFeature } from './LuckyDrawStore';
import { LoadFailed } from '@renderer/components/ReloadAgain';
import { campaignsFeature } from '@renderer/features/event/CampaignStore';
import { windowLastDay } from '@renderer/features/event/eventWindow';

const EVENT_KEY = 'christmas_lucky_draw';
const BASE = `/event/${EVENT_KEY}`;
type Tab = 'draw' | 'prize' | 'task' | 'mechanics';

/** What a visitor sees on each tab that needs a login: its own sign-in, back to that tab. */
const VISITOR_TABS: Record<Exclude<Tab, 'mechanics'>, { label: string; back: string }> = {
  draw: { label: 'Log In to Draw', back: BASE },
  prize: { label: 'Log In to See Your Prizes', back: `${BASE}/prize` },
  task: { label: 'Log In to See Your Tasks', back: `${BASE}/task` },
};

function tabOf(action: string | undefined): Tab {
  return action === 'prize' || action === 'task' || action === 'mechanics' ? action : 'draw';
}

const DrawTab = observer(function DrawTab({ store }: { store: LuckyDrawStore }) {
  const won = store.lastPrize;
  return (
    <div className="card">
      <p>
        You have <strong>{store.chances}</strong> draw chance(s).
      </p>
      <ul className="prize-wheel" aria-label="Prizes">
        {store.info?.prizes.map((prize) => (
          <li
            key={prize.key}
            className={`prize-wheel__cell${won?.key === prize.key ? ' prize-wheel__cell--won' : ''}`}
          >
            {prize.title}
          </li>
        ))}
      </ul>
      {won ? (
        <div className="notice" role="status">
          <p className="notice__title">
            {won.kind === 'voucher' ? `Congratulations! You won a ${won.title}.` : won.title}
          </p>
          {won.kind === 'voucher' ? <p>Find it in Profile, then Voucher.</p> : null}
        </div>
      ) : null}
      <button
        type="button"
        className="primary-button"
        disabled={!store.canDraw}
        onClick={() => void store.draw()}
      >
        {store.drawing ? 'Drawing…' : 'DRAW NOW'}
      </button>
      {store.chances === 0 ? (
        <p className="muted">
          No chances left. <Link to={`${BASE}/task`}>Finish a task</Link> to get one more.
        </p>
      ) : null}
    </div>
  );
});

const PrizeTab = observer(function PrizeTab({ store }: { store: LuckyDrawStore }) {
  const records = store.info?.records ?? [];
  return (
    <div className="card">
      {records.length === 0 ? <p className="list-end">No prizes yet</p> : null}
      {records.map((record, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: records never reorder
        <div className="list-row" key={i}>
          <div className="list-row__main">
            <div className="list-row__title">{record.prize.title}</div>
            <div className="list-row__sub">{formatDate(record.drawTime)}</div>
          </div>
          <span className={`tag${record.prize.kind === 'voucher' ? ' tag--done' : ' tag--muted'}`}>
            {record.prize.kind === 'voucher' ? 'Voucher added' : 'No prize'}
          </span>
        </div>
      ))}
    </div>
  );
});

const TaskTab = observer(function TaskTab({ store }: { store: LuckyDrawStore }) {
  return (
    <div className="card">
      {store.info?.tasks.map((task) => (
        <div className="list-row" key={task.key}>
          <div className="list-row__main">
            <div className="list-row__title">{task.title}</div>
            <div className="list-row__sub">+1 draw chance</div>
          </div>
          {task.claimed ? (
            <span className="tag tag--done">Claimed</span>
          ) : task.done ? (
            <button
              type="button"
              className="secondary-button"
              style={{ width: 'auto', padding: '0 16px', marginTop: 0 }}
              disabled={store.claiming !== undefined}
              onClick={() => void store.claim(task.key)}
            >
              Claim
            </button>
          ) : (
            <span className="tag tag--muted">Not done</span>
          )}
        </div>
      ))}
    </div>
  );
});

export default observer(function ChristmasLuckyDraw({ action }: EventPageProps) {
  const { user } = useStores();
  const luckyDraw = useFeature(luckyDrawFeature);
  const tab = tabOf(action);
  const loggedIn = user.isLoggedIn;
  // The last day as the event's window says it (the server's dates), in PRODUCT.md §9's format.
  const dates = useFeature(campaignsFeature).windowOf(EVENT_KEY);
  useEffect(() => {
    if (loggedIn) void luckyDraw.load();
    else luckyDraw.reset();
  }, [loggedIn, luckyDraw]);

  let body: React.ReactNode;
  if (tab === 'mechanics') {
    body = <LuckyDrawMechanics />;
  } else if (!loggedIn) {
    // Each tab's own sign-in, back to that tab: a visitor on My Prizes is not shown the Draw.
    const visitor = VISITOR_TABS[tab];
    body = (
      <Link className="primary-button" to={viaLogin(visitor.back)} viewTransition>
        {visitor.label}
      </Link>
    );
  } else if (luckyDraw.status === 'failed' && !luckyDraw.info) {
    body = (
      <LoadFailed
        text="The lucky draw could not be loaded."
        onReload={() => void luckyDraw.load()}
      />
    );
  } else if (!luckyDraw.info) {
    body = <PageSkeleton />;
  } else {
    switch (tab) {
      case 'draw':
        body = <DrawTab store={luckyDraw} />;
        break;
      case 'prize':
        body = <PrizeTab store={luckyDraw} />;
        break;
      case 'task':
        body = <TaskTab store={luckyDraw} />;
        break;
      default:
        throw missingCaseError(tab);
    }
  }
  return (
    <>
      <Hero
        title="Christmas Lucky Draw"
        sub={
          dates
            ? `Draw loan vouchers up to ₱1,000.00 until ${windowLastDay(dates)}`
            : 'Draw loan vouchers up to ₱1,000.00'
        }
        tone="festive"
      />
      <nav className="tabs-row" aria-label="Lucky draw">
        <Link to={BASE} aria-current={tab === 'draw' ? 'page' : undefined} replace>
          Draw
        </Link>
        <Link to={`${BASE}/prize`} aria-current={tab === 'prize' ? 'page' : undefined} replace>
          My Prizes
        </Link>
        <Link to={`${BASE}/task`} aria-current={tab === 'task' ? 'page' : undefined} replace>
          Tasks
        </Link>
      </nav>
      {body}
      {tab !== 'mechanics' && (
        <p className="muted">
          Read the <Link to={`${BASE}/mechanics`}>official mechanics</Link>.
        </p>
      )}
    </>
  );
});
