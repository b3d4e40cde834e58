/**
 * /event/:file/:action? (PRODUCT.md §2): the wrapper that shows "Not within the valid time
 * limit" outside the event's window (PRODUCT.md §9, else config/getEventDates), judged on the
 * CampaignStore's clock (`?now=<ISO>` moves it for QA).
 */
import { observer } from 'mobx-react-lite';
import { Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import NotFound from '@renderer/shell/NotFound';
import { PageSkeleton } from '@renderer/shell/PageSkeleton';
import { ContentPage } from '@renderer/components/ContentPage';
import { useCampaigns } from './useCampaigns';
import { type EventDef, eventOf } from './events';
import { OUT_OF_WINDOW_TEXT, windowDays } from './eventWindow';
import { LoadFailed } from '@renderer/components/ReloadAgain';

const EventView = observer(function EventView({
  file,
  action,
  def,
}: {
  file: string;
  action: string | undefined;
  def: EventDef;
}) {
  const campaigns = useCampaigns();

  const phase = campaigns.phaseOf(file);
  if (phase === undefined) {
    return (
      <ContentPage title={def.title}>
        {campaigns.status === 'failed' ? (
          <LoadFailed
            text="The event could not be loaded."
            onReload={() => void campaigns.loadDates()}
          />
        ) : (
          <PageSkeleton />
        )}
      </ContentPage>
    );
  }
  if (phase !== 'open') {
    const window = campaigns.windowOf(file);
    return (
      <ContentPage title={def.title} className="event-closed">
        <div className="notice" data-phase={phase}>
          <p className="notice__title">{OUT_OF_WINDOW_TEXT}</p>
          {window ? <p>Event period: {windowDays(window)}</p> : null}
          <Link className="secondary-button" to="/activity-center" viewTransition>
            See other events
          </Link>
        </div>
      </ContentPage>
    );
  }
  const Page = def.page;
  return (
    <ContentPage title={def.title}>
      <Suspense fallback={<PageSkeleton />}>
        <Page action={action} />
      </Suspense>
    </ContentPage>
  );
});

export default function EventScreen() {
  const { file = '', action } = useParams();
  const def = eventOf(file, action);
  if (!def) return <NotFound />;
  return <EventView key={file} file={file} action={action} def={def} />;
}
