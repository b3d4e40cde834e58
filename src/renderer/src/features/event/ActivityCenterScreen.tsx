/** /activity-center (public): the index of the events, with whether each is on, coming or over. */
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { missingCaseError } from '@shared/missingCaseError';
import { ContentPage } from '@renderer/components/ContentPage';
import { useCampaigns } from './useCampaigns';
import { EVENTS } from './events';
import { type EventPhase, windowDays } from './eventWindow';
import { ReloadButton } from '@renderer/components/ReloadAgain';

function phaseLabel(phase: EventPhase | undefined): { text: string; tone: string } {
  switch (phase) {
    case undefined:
      return { text: '…', tone: ' tag--muted' };
    case 'open':
      return { text: 'Ongoing', tone: ' tag--done' };
    case 'before':
      return { text: 'Coming soon', tone: '' };
    case 'after':
      return { text: 'Ended', tone: ' tag--muted' };
    default:
      throw missingCaseError(phase);
  }
}

const ORDER: Record<string, number> = { open: 0, before: 1, after: 2 };

export default observer(function ActivityCenterScreen() {
  const campaigns = useCampaigns();

  const rows = Object.entries(EVENTS)
    .map(([key, def]) => ({
      key,
      def,
      phase: campaigns.phaseOf(key),
      window: campaigns.windowOf(key),
    }))
    .sort((a, b) => (ORDER[a.phase ?? 'after'] ?? 2) - (ORDER[b.phase ?? 'after'] ?? 2));
  return (
    <ContentPage title="Activity Center">
      <nav className="card" aria-label="Events">
        {rows.map(({ key, def, phase, window }) => {
          const label = phaseLabel(phase);
          return (
            <Link className="list-row" key={key} to={`/event/${key}`} viewTransition>
              <span className="list-row__main">
                <span className="list-row__title">{def.title}</span>
                {window ? (
                  <span className="list-row__sub" style={{ display: 'block' }}>
                    {windowDays(window)}
                  </span>
                ) : null}
              </span>
              <span className={`tag${label.tone}`}>{label.text}</span>
            </Link>
          );
        })}
      </nav>
      {campaigns.status === 'failed' ? (
        <ReloadButton onReload={() => void campaigns.loadDates()} />
      ) : null}
    </ContentPage>
  );
});
