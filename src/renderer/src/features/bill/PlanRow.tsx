/** One Repayment Plan row: checkbox, header per period type, due date and amount. */
import { Checkbox } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import type { PlanItem } from '../../../../shared/api/entities';
import { formatDate, formatPeso } from '../../lib/format';
import { periodHeaderOf } from './billRules';

export const PlanRow = observer(function PlanRow({
  item,
  checked,
  onToggle,
}: {
  item: PlanItem;
  checked: boolean;
  onToggle: () => void;
}) {
  const header = periodHeaderOf(item.type, item.dueDay);
  return (
    <li className="bill-card plan-row" data-period-id={item.periodId}>
      <div className={`plan-row__header plan-row__header--${header.tone}`}>{header.text}</div>
      <div className="plan-row__body">
        {/* The name goes in the label's text: aria-label is not allowed on a <label>. */}
        <Checkbox checked={checked} onChange={onToggle}>
          <span className="visually-hidden">
            Pay {item.orderNo} period {item.period}
          </span>
        </Checkbox>
        <div className="plan-row__info">
          <span className="bill-card__label">Order No. {item.orderNo}</span>
          <span className="bill-card__label">
            Period {item.period} · Due {formatDate(item.dueTime)}
          </span>
        </div>
        <span className="plan-row__amount">{formatPeso(item.repayAmount, 0)}</span>
      </div>
    </li>
  );
});
