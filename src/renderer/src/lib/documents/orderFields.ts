/**
 * The fields the loan documents are filled with, from config/getOrderInfo (PRODUCT.md §2: loan
 * documents opened from a bill carry `?orderNo=`). Money "₱1,234.50", dates "MMM DD,YYYY" on
 * the markets' UTC+8 clock (PRODUCT.md §9). Pure.
 */
import type { ResponseOf } from '@shared/api/endpoints';
import { COMPANY } from '@shared/constants';
import { lastOf } from '@shared/portable';
import { formatDate, formatPeso } from '@renderer/lib/format';

export type OrderInfo = ResponseOf<'getOrderInfo'>;

/** Company fields every document may use, order or not. */
export const companyFields: Readonly<Record<string, string>> = {
  companyName: COMPANY.name,
  registrationNumber: COMPANY.registrationNumber,
  certificateOfAuthority: COMPANY.certificateOfAuthority,
};

export function orderFields(order: OrderInfo): Record<string, string> {
  const total = order.schedule.reduce((sum, row) => sum + Math.round(row.amount * 100), 0) / 100;
  const first = order.schedule[0];
  const last = lastOf(order.schedule);
  const financeCharge = Math.round((total - order.receivedAmount) * 100) / 100;
  return {
    ...companyFields,
    orderNo: order.orderNo,
    borrowerName: order.borrowerName,
    msisdn: order.msisdn.startsWith('0') ? order.msisdn : `0${order.msisdn}`,
    loanAmount: formatPeso(order.loanAmount),
    receivedAmount: formatPeso(order.receivedAmount),
    interest: formatPeso(order.interest),
    serviceFee: formatPeso(order.serviceFee),
    financeCharge: formatPeso(financeCharge),
    totalRepayment: formatPeso(total),
    periods: String(order.periods),
    monthlyInterest: `${order.monthlyInterest}%`,
    loanDate: formatDate(order.loanTime),
    firstDueDate: first ? formatDate(first.dueTime) : '',
    lastDueDate: last ? formatDate(last.dueTime) : '',
  };
}
