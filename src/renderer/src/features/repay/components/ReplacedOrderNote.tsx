/**
 * The borrower already has an order for these bills on another channel: say so before REPAY
 * here replaces it (DESIGN.md §6: the earlier order can then no longer be paid).
 */
import { observer } from 'mobx-react-lite';
import { useFeature } from '@renderer/stores/StoresContext';
import { repayFeature } from '@renderer/features/repay/RepayStore';

export const ReplacedOrderNote = observer(function ReplacedOrderNote() {
  const repay = useFeature(repayFeature);
  const replaced = repay.replaces;
  if (!replaced || repay.order) return null;
  const label = repay.channelByKey(replaced.channel)?.label ?? replaced.channel;
  return (
    <p className="money-muted" role="status">
      Your {label} order {replaced.orderNo} for these bills is waiting for payment. REPAY here
      replaces it.
    </p>
  );
});
