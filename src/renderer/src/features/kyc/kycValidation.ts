/**
 * Validators of the KYC items of PRODUCT.md §2 (text, radio, selects, address, mobile, contact,
 * photo, file, signature, payday, jobType, income, date), driven by the certList. Pure functions:
 * a value is the string the KYC draft stores (contacts as JSON, files as data URLs).
 */
import type { CertItem, KycItemType } from '@shared/api/entities';
import { MAX_CIPHERTEXT_B64 } from '@shared/constants';
import { missingCaseError } from '@shared/missingCaseError';
import { contactShape } from '@renderer/lib/bootShapes';
import { marketDay } from '@renderer/lib/marketCalendar';

/** Contacts are kept as JSON in the draft's string value. */
export interface ContactValue {
  name: string;
  mobile: string;
}

export function parseContact(value: string | undefined): ContactValue {
  try {
    const parsed = contactShape.safeParse(JSON.parse(value ?? ''));
    return parsed.success ? parsed.data : { name: '', mobile: '' };
  } catch {
    return { name: '', mobile: '' };
  }
}
export function formatContact(contact: ContactValue): string {
  return JSON.stringify(contact);
}

/** Philippine mobile numbers: 09 and 9 more digits. */
const PH_MOBILE_PATTERN = /^09\d{9}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Shortest believable address. */
const MIN_ADDRESS_LENGTH = 10;
const ADULT_AGE = 18;
/** Signature pads and photos without a maxBytes in the certList. */
const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;

export const MOBILE_RULE = 'Please enter a mobile number starting with 09 (11 digits).';
export const EMAIL_RULE = 'Please enter a valid email address.';
export const ADDRESS_RULE = `Please enter the complete address (at least ${MIN_ADDRESS_LENGTH} characters).`;
export const DATE_RULE = 'Please choose a valid date.';
export const FUTURE_DATE = 'The date cannot be in the future.';
export const UNDER_AGE = `You must be at least ${ADULT_AGE} years old.`;
export const CONTACT_NAME_RULE = "Please enter the contact's name.";
export const SIGN_RULE = 'Please sign in the box.';
export const IMAGE_RULE = 'Please choose an image (JPG or PNG).';
export const FILE_RULE = 'Please choose an image or a PDF file.';

export const requiredMessage = (label: string) => `${label} is required.`;
export const chooseMessage = (label: string) => `Please choose ${label}.`;
export const uploadMessage = (label: string) => `Please take or upload ${label}.`;
export const tooLongMessage = (label: string, max: number) =>
  `${label} must be at most ${max} characters.`;
export function tooLargeMessage(maxBytes: number): string {
  const mb = maxBytes / (1024 * 1024);
  const limit =
    mb < 1
      ? `${Math.round(maxBytes / 1024)} KB`
      : `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return `The file is too large. The maximum is ${limit}.`;
}

/** MIME types accepted per file-like item (the `accept` of the file input). */
export function acceptOf(type: 'photo' | 'file'): string {
  return type === 'photo'
    ? 'image/jpeg,image/png,image/webp'
    : 'image/jpeg,image/png,application/pdf';
}

/**
 * Characters of item values sent in one kyc/save: an encrypted body carries at most
 * MAX_CIPHERTEXT_B64 base64 characters (DESIGN.md §5), i.e. 3/4 of that in plaintext, less room
 * for the JSON around the values.
 */
export const SAVE_CHUNK_CHARS = Math.floor((MAX_CIPHERTEXT_B64 * 3) / 4) - 32 * 1024;

/**
 * A PDF is kept as it is in the draft and sent in one kyc/save, so its data URL (4/3 of its
 * bytes) must fit SAVE_CHUNK_CHARS; images are downscaled before they are kept instead.
 */
export const PDF_MAX_BYTES = 200 * 1024;

/** A picked file before it is read: its type and size against the item's limit. */
export function checkPickedFile(
  item: Pick<CertItem, 'type' | 'maxBytes'>,
  file: { type: string; size: number },
): string | undefined {
  const kind = item.type === 'photo' ? 'photo' : 'file';
  if (!acceptOf(kind).split(',').includes(file.type)) {
    return kind === 'photo' ? IMAGE_RULE : FILE_RULE;
  }
  const itemMax = item.maxBytes ?? DEFAULT_MAX_BYTES;
  const max = file.type === 'application/pdf' ? Math.min(itemMax, PDF_MAX_BYTES) : itemMax;
  return file.size > max ? tooLargeMessage(max) : undefined;
}

/** Bytes a base64 data URL decodes to; NaN when it is not one. */
export function dataUrlBytes(value: string): number {
  const match = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w=-]+)*;base64,([A-Za-z0-9+/]*={0,2})$/.exec(value);
  if (!match) return Number.NaN;
  const body = match[3] ?? '';
  const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
  return (body.length / 4) * 3 - padding;
}

function dataUrlMime(value: string): string {
  return /^data:([^;,]+)/.exec(value)?.[1] ?? '';
}

function validateDate(item: CertItem, value: string, today: string): string | undefined {
  const match = DATE_PATTERN.exec(value);
  if (!match) return DATE_RULE;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || year < 1900)
    return DATE_RULE;
  if (value > today) return FUTURE_DATE;
  if (item.certification === 'birthday') {
    const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
    const age = ty - year - (tm < month || (tm === month && td < day) ? 1 : 0);
    if (age < ADULT_AGE) return UNDER_AGE;
  }
  return undefined;
}

function validateUpload(
  item: CertItem,
  value: string,
  kinds: readonly string[],
): string | undefined {
  const bytes = dataUrlBytes(value);
  if (Number.isNaN(bytes) || !kinds.includes(dataUrlMime(value))) {
    return item.type === 'photo' ? IMAGE_RULE : FILE_RULE;
  }
  const max = item.maxBytes ?? DEFAULT_MAX_BYTES;
  return bytes > max ? tooLargeMessage(max) : undefined;
}

/** The error of one item's value, or undefined. `today` is 'YYYY-MM-DD' (Manila). */
export function validateKycItem(
  item: CertItem,
  raw: string | undefined,
  today: string,
): string | undefined {
  const value = (raw ?? '').trim();
  const type: KycItemType = item.type;
  const choose = ['radio', 'selects', 'payday', 'jobType', 'income', 'date', 'contact'].includes(
    type,
  );
  if (
    value === '' ||
    (type === 'contact' && parseContact(value).name === '' && parseContact(value).mobile === '')
  ) {
    if (!item.required) return undefined;
    if (type === 'photo' || type === 'file') return uploadMessage(item.label);
    if (type === 'signature') return SIGN_RULE;
    return choose && type !== 'contact' ? chooseMessage(item.label) : requiredMessage(item.label);
  }
  switch (type) {
    case 'text':
      if (item.maxLength && value.length > item.maxLength)
        return tooLongMessage(item.label, item.maxLength);
      if (item.certification.toLowerCase().includes('email') && !EMAIL_PATTERN.test(value)) {
        return EMAIL_RULE;
      }
      return undefined;
    case 'address':
      if (item.maxLength && value.length > item.maxLength)
        return tooLongMessage(item.label, item.maxLength);
      return value.length < MIN_ADDRESS_LENGTH ? ADDRESS_RULE : undefined;
    case 'mobile':
      return PH_MOBILE_PATTERN.test(value.replace(/[\s-]/g, '')) ? undefined : MOBILE_RULE;
    case 'contact': {
      const contact = parseContact(value);
      if (contact.name.trim() === '') return CONTACT_NAME_RULE;
      return PH_MOBILE_PATTERN.test(contact.mobile.replace(/[\s-]/g, '')) ? undefined : MOBILE_RULE;
    }
    case 'radio':
    case 'selects':
    case 'payday':
    case 'jobType':
    case 'income':
      return item.options?.some((o) => o.value === value) ? undefined : chooseMessage(item.label);
    case 'date':
      return validateDate(item, value, today);
    case 'photo':
      return validateUpload(item, value, ['image/jpeg', 'image/png', 'image/webp']);
    case 'file':
      return validateUpload(item, value, ['image/jpeg', 'image/png', 'application/pdf']);
    case 'signature':
      return validateUpload({ ...item, type: 'photo' }, value, ['image/png'])
        ? SIGN_RULE
        : undefined;
    default:
      throw missingCaseError(type);
  }
}

/** Errors of the items of one step, in certList order (the first is scrolled to). */
export function validateStep(
  items: readonly CertItem[],
  values: Readonly<Record<string, string>>,
  today: string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const item of items) {
    const error = validateKycItem(item, values[item.certification], today);
    if (error) errors[item.certification] = error;
  }
  return errors;
}

/** The steps the certList has, ascending (step1 … step6). */
export function stepsOf(certList: readonly CertItem[]): number[] {
  return [...new Set(certList.map((item) => item.step))].sort((a, b) => a - b);
}

/**
 * Server restore items that may fill the local draft: only certifications the draft does not
 * hold yet, so what the borrower typed before a reload is never overwritten by older data.
 */
export function restorableItems(
  local: Readonly<Record<string, string>>,
  restored: readonly { certification: string; value: string }[],
): { certification: string; value: string }[] {
  return restored.filter((item) => !(item.certification in local) && item.value !== '');
}

/** The market's calendar day of an instant, as 'YYYY-MM-DD': "today" for date fields. */
export function manilaDay(nowMs: number): string {
  return marketDay(nowMs);
}

/**
 * Splits a step's items into kyc/save calls of at most `maxChars` of values, in order; an item
 * larger than that goes alone. Saving one step in several calls is safe: the server merges items.
 */
export function chunkItems<T extends { value: string }>(
  items: readonly T[],
  maxChars = SAVE_CHUNK_CHARS,
): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const item of items) {
    if (current.length > 0 && size + item.value.length > maxChars) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += item.value.length;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
