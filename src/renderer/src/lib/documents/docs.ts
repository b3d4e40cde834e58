/**
 * The documents of /doc/:file (PRODUCT.md §2). Each text is a Markdown file in content/, loaded
 * only when its page opens (`?raw` imports become their own small chunks). Loan documents are
 * templates filled from config/getOrderInfo when the page has `?orderNo=`. Shared: the Christmas
 * lucky draw shows its mechanics from the same text (lottery-link) on a public path.
 */
import { hasOwn } from '@shared/portable';

export interface DocDef {
  title: string;
  load: () => Promise<{ default: string }>;
  /** A loan document: filled from the order of `?orderNo=`. */
  loanDocument?: boolean;
}

const DOCS: Readonly<Record<string, DocDef>> = {
  about_us: { title: 'About Us', load: () => import('./content/about_us.md?raw') },
  privacy_policy: {
    title: 'Privacy Notice',
    load: () => import('./content/privacy_policy.md?raw'),
  },
  help_center: { title: 'Help Center', load: () => import('./content/help_center.md?raw') },
  loan_agreement: {
    title: 'Loan Agreement',
    load: () => import('./content/loan_agreement.md?raw'),
    loanDocument: true,
  },
  disclosure_statement: {
    title: 'Disclosure Statement',
    load: () => import('./content/disclosure_statement.md?raw'),
    loanDocument: true,
  },
  promissory_note: {
    title: 'Promissory Note',
    load: () => import('./content/promissory_note.md?raw'),
    loanDocument: true,
  },
  acknowledgement_receipt: {
    title: 'Acknowledgement Receipt',
    load: () => import('./content/acknowledgement_receipt.md?raw'),
    loanDocument: true,
  },
  directloan_terms_and_conditions: {
    title: 'Direct Loan Terms and Conditions',
    load: () => import('./content/directloan_terms_and_conditions.md?raw'),
  },
  terms_and_conditions: {
    title: 'Terms of Use',
    load: () => import('./content/terms_and_conditions.md?raw'),
  },
  'lottery-link': {
    title: 'Christmas Lucky Draw Mechanics',
    load: () => import('./content/lottery-link.md?raw'),
  },
};

export function docOf(file: string): DocDef | undefined {
  return hasOwn(DOCS, file) ? DOCS[file] : undefined;
}
