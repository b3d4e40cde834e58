/**
 * The top of a channel screen (PRODUCT.md §2 "Repay channel screens"): the channel's logo and its
 * limit line, or, while the channels are not in, "Loading…" / "No Data" on the page alone.
 */
import type { RepayChannel } from '@shared/api/entities';
import { MoneyPage } from '@renderer/components/MoneyPage';
import { ChannelImage } from './ChannelImage';

export function ChannelHead({ channel, note }: { channel: RepayChannel; note: string }) {
  return (
    <div className="money-card">
      <ChannelImage
        className="channel-logo"
        src={channel.logo}
        label={channel.label}
        alt={`${channel.label} logo`}
      />
      <p className="money-muted">{note}</p>
    </div>
  );
}

/** The channel screen of a channel that is not (yet) known. */
export function NoChannelPage({ title, loading }: { title: string; loading: boolean }) {
  return (
    <MoneyPage title={title}>
      <p className="money-muted">{loading ? 'Loading…' : 'No Data'}</p>
    </MoneyPage>
  );
}
