/** /channel/orders: loans taken by the partner's referrals (app/channel/channelOrder/v1). */
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { formatDate, formatPeso } from '@renderer/lib/format';
import { useFeature } from '@renderer/stores/StoresContext';
import { channelFeature } from './ChannelStore';
import { PartnerPage } from './PartnerParts';
import { ReloadButton } from '@renderer/components/ReloadAgain';

export default observer(function PartnerOrders() {
  const channel = useFeature(channelFeature);
  useEffect(() => {
    if (channel.signedIn) void channel.loadOrders();
  }, [channel]);
  const { orders, ordersStatus } = channel;
  return (
    <PartnerPage title="Orders">
      <div className="card">
        {orders.map((order) => (
          <div className="list-row" key={order.orderNo}>
            <div className="list-row__main">
              <div className="list-row__title">{order.orderNo}</div>
              <div className="list-row__sub">
                {order.inviteeMsisdn} · {formatDate(order.createTime)} · loan{' '}
                {formatPeso(order.loanAmount)}
              </div>
            </div>
            <div>
              <div className="kv__value">{formatPeso(order.commission)}</div>
              <span className={`tag${order.state === 'settled' ? ' tag--done' : ''}`}>
                {order.state === 'settled' ? 'Settled' : 'Pending'}
              </span>
            </div>
          </div>
        ))}
        {ordersStatus === 'ready' && orders.length === 0 ? (
          <p className="list-end">No Data</p>
        ) : null}
        {ordersStatus === 'ready' && orders.length > 0 && !channel.hasMoreOrders ? (
          <p className="list-end">No More</p>
        ) : null}
        {channel.hasMoreOrders ? (
          <button
            type="button"
            className="secondary-button"
            disabled={ordersStatus === 'loading'}
            onClick={() => void channel.loadOrders(true)}
          >
            Load More
          </button>
        ) : null}
        {ordersStatus === 'failed' ? (
          <ReloadButton onReload={() => void channel.loadOrders()} />
        ) : null}
      </div>
    </PartnerPage>
  );
});
