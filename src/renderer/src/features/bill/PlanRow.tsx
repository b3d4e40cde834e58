/** One Repayment Plan row: checkbox, header per period type, due date and amount. */
import { observer } from 'mobx-react-lite';
import type { PlanItem } from '@shared/api/entities';
import { formatDate, formatPeso } from '@renderer/lib/format';
import { periodHeaderOf } from '@renderer/rules/periodTypes';

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
        {/* A native checkbox, hidden only visually, so Tab reaches it, Space toggles it and a
            screen reader names it (WCAG 2.1.1, 4.1.2); the round box beside it is drawn. The
            name goes in the label's text: aria-label is not allowed on a <label>. */}
        <label className="plan-check">
          <input
            type="checkbox"
            className="plan-check__input"
            checked={checked}
            onChange={onToggle}
          />
          <span className="plan-check__box" aria-hidden="true" />
          <span className="visually-hidden">
            Pay {item.orderNo} period {item.period}
          </span>
        </label>
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
