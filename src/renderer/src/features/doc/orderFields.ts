/**
 * The fields the loan documents are filled with, from config/getOrderInfo (PRODUCT.md §2: loan
 * documents opened from a bill carry `?orderNo=`). Money "₱1,234.50", dates "MMM DD,YYYY" on
 * the markets' UTC+8 clock (PRODUCT.md §9). Pure.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import type { ResponseOf } from '../../../../shared/api/endpoints';
import { COMPANY, DATE_FORMAT, NO_DOCUMENTS_MARKER, PESO } from '../../../../shared/constants';

dayjs.extend(utc);

export type OrderInfo = ResponseOf<'getOrderInfo'>;

export function peso(amount: number): string {
  const rounded = Math.round(amount * 100) / 100;
  if (rounded === 0) return `${PESO}0`;
  return `${PESO}${rounded.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export function day(unixSeconds: number): string {
  return dayjs
    .unix(unixSeconds)
    .utcOffset(8 * 60)
    .format(DATE_FORMAT);
}

/** PRODUCT.md §9: no loan documents for an order number containing BV. */
export function hasDocuments(orderNo: string): boolean {
  return !orderNo.includes(NO_DOCUMENTS_MARKER);
}

/** Company fields every document may use, order or not. */
export const companyFields: Readonly<Record<string, string>> = {
  companyName: COMPANY.name,
  registrationNumber: COMPANY.registrationNumber,
  certificateOfAuthority: COMPANY.certificateOfAuthority,
};

export function orderFields(order: OrderInfo): Record<string, string> {
  const total = order.schedule.reduce((sum, row) => sum + Math.round(row.amount * 100), 0) / 100;
  const first = order.schedule[0];
  const last = order.schedule.at(-1);
  const financeCharge = Math.round((total - order.receivedAmount) * 100) / 100;
  return {
    ...companyFields,
    orderNo: order.orderNo,
    borrowerName: order.borrowerName,
    msisdn: order.msisdn.startsWith('0') ? order.msisdn : `0${order.msisdn}`,
    loanAmount: peso(order.loanAmount),
    receivedAmount: peso(order.receivedAmount),
    interest: peso(order.interest),
    serviceFee: peso(order.serviceFee),
    financeCharge: peso(financeCharge),
    totalRepayment: peso(total),
    periods: String(order.periods),
    monthlyInterest: `${order.monthlyInterest}%`,
    loanDate: day(order.loanTime),
    firstDueDate: first ? day(first.dueTime) : '',
    lastDueDate: last ? day(last.dueTime) : '',
  };
}
