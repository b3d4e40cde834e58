/** The channel list of a market for an amount: label, icon, limit, fee; above-limit rows refuse. */
import { observer } from 'mobx-react-lite';
import { formatPeso } from '@shared/money';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { RepayChannel } from '@shared/api/entities';
import { useFeature, useStores } from '@renderer/stores/StoresContext';
import { repayFeature } from '@renderer/features/repay/RepayStore';
import {
  channelPath,
  checkAmount,
  exceedsLimit,
  feeOf,
  limitOf,
  type Market,
} from '@renderer/features/repay/repayRules';
import { ChannelImage } from './ChannelImage';

function limitText(channel: RepayChannel): string {
  const limit = limitOf(channel);
  return limit === null ? 'No limit' : `Limit ${formatPeso(limit)}`;
}

export const ChannelList = observer(function ChannelList({
  market,
  amount,
}: {
  market: Market;
  amount: number;
}) {
  const { services } = useStores();
  const repay = useFeature(repayFeature);
  const navigate = useNavigate();
  useEffect(() => {
    void repay.loadChannels();
  }, [repay]);

  const channels = repay.channelsOf(market);
  if (channels.length === 0) {
    return <p className="money-muted">{repay.channelsLoading ? 'Loading…' : 'No Data'}</p>;
  }
  const open = (channel: RepayChannel) => {
    // No amount (the full list opened from a menu) only shows the channel's instructions.
    if (!Number.isNaN(amount)) {
      const check = checkAmount(channel, amount);
      if (!check.ok) {
        services.ui.toast(check.message, 'fail');
        return;
      }
    }
    navigate(channelPath(channel.key, Number.isNaN(amount) ? 0 : amount), { viewTransition: true });
  };
  return (
    <ul className="channel-list" aria-label="Repay channels">
      {channels.map((channel) => {
        const over = exceedsLimit(channel, amount);
        const fee = feeOf(channel);
        return (
          <li key={channel.key}>
            <button
              type="button"
              // Still clickable: the tap explains the limit instead of doing nothing.
              className={`channel-row${over ? ' channel-row--over' : ''}`}
              onClick={() => open(channel)}
            >
              <ChannelImage
                className="channel-row__icon"
                src={channel.icon}
                label={channel.label}
                alt=""
              />
              <span className="channel-row__text">
                <span className="channel-row__label">{channel.label}</span>
                <span className="money-muted">
                  {limitText(channel)}
                  {fee > 0 ? ` · Fee ${formatPeso(fee)}` : ''}
                  {over ? ' · Above limit' : ''}
                </span>
              </span>
              <span aria-hidden="true">›</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
});
