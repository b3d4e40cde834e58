/**
 * The loan documents of an order (PRODUCT.md §2 Bill): which orders have them, and the links the
 * Bill tab's Details section gives to /doc/:file. Pure.
 */
import { NO_DOCUMENTS_MARKER } from '@shared/constants';

/** Loan documents are shown unless the order number contains BV. */
export function showsDocuments(orderNo: string): boolean {
  return !orderNo.includes(NO_DOCUMENTS_MARKER);
}

/** The three loan documents, in the order the Details section links them. */
export const LOAN_DOCUMENTS = [
  { file: 'loan_agreement', title: 'Loan Agreement' },
  { file: 'disclosure_statement', title: 'Disclosure Statement' },
  { file: 'promissory_note', title: 'Promissory Note' },
] as const;

/** Link of a loan document for an order. */
export function documentLinkOf(file: string, orderNo: string): string {
  return `/doc/${file}?orderNo=${encodeURIComponent(orderNo)}`;
}
