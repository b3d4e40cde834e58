/**
 * Redaction of a recording before anything of it is written (src/shared/recording.ts): a recording
 * never holds a secret of the upstream's or of a borrower's. Tokens, phone numbers, names, ID
 * numbers, account numbers, addresses, e-mails, birthdays, KYC files and device ids are replaced by
 * stand-ins, the same real value by the same stand-in within one recording (so the token the login
 * answered is the token the next request sends); absolute media URLs become local `/media/` paths
 * and every other URL loses its credentials, query and fragment.
 *
 * Two passes over the whole recording: `learn` finds every sensitive value by its field (a
 * `lastName`, a `msisdn`, a KYC item `{certification: "homeAddress", value}`), so that `redact`
 * also cleans those values out of free text anywhere else ("Congratulations, Ms. Santos!"), even
 * where the text came first. Free text is also scanned for phone numbers, e-mails and URLs no
 * field named.
 */

type Category =
  | 'token'
  | 'phone'
  | 'name'
  | 'id'
  | 'account'
  | 'address'
  | 'email'
  | 'birthday'
  | 'file'
  | 'device';

/** Field names (lower case) by what they hold; checked in this order. */
const FIELD_RULES: readonly (readonly [Category, RegExp])[] = [
  ['device', /^deviceid$/],
  [
    'token',
    /^(token|tokenvalue|accesstoken|refreshtoken|paypassword|password|passwd|pin|otp|secret|sign|apikey|sessionid|code)$/,
  ],
  [
    'id',
    /^(userid|idno|idnumber|idcard|idcardno|nationalid|passport|passportno|tin|sss|gsis|umid|certno|paymentaccountid|customerid|memberid)$/,
  ],
  ['phone', /(msisdn|phone|mobile)$|^(tel|telephone)$/],
  [
    'name',
    /^(lastname|firstname|middlename|fullname|name|borrowername|realname|username|nickname|payeename|contactname|companyname)$/,
  ],
  ['account', /(account|accountno|accountnumber|cardno|cardnumber|iban|payeeid|payeelabel)$/],
  ['address', /address/],
  ['email', /email/],
  ['birthday', /^(birthday|birthdate|dateofbirth|dob)$/],
  ['file', /^(idfront|idback|selfie|payslip|photo|idphoto|facephoto|signature)$/],
];

/** Fields holding a picture: an absolute URL there becomes a local `/media/` path. */
const MEDIA_FIELD = /^(picurl|pic|icon|logo|image|imageurl|imgurl|avatar|bannerurl)$/;

const MEDIA_PREFIX = '/media/';
const PHONE_IN_TEXT = /(?<![\dA-Za-z])(?:\+?(?:63|886|852))?0?9\d{8,9}(?!\d)/g;
const EMAIL_IN_TEXT = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const URL_IN_TEXT = /https?:\/\/[^\s"'<>]+/g;
/**
 * Known values shorter than this are replaced where they are a field, never inside other text: an
 * SMS code `1234` must not take the digits out of every order number.
 */
const MIN_TEXT_SECRET: Readonly<Record<Category, number>> = {
  token: 12,
  phone: 8,
  name: 3,
  id: 5,
  account: 6,
  address: 8,
  email: 6,
  birthday: 8,
  file: 12,
  device: 8,
};

function categoryOfField(key: string | undefined): Category | null {
  if (key === undefined) return null;
  const name = key.toLowerCase();
  for (const [category, rule] of FIELD_RULES) if (rule.test(name)) return category;
  return null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A KYC item `{certification, value}` (kyc/restore, kyc/save): the value is of that field. */
function kycItem(value: Record<string, unknown>): string | undefined {
  return typeof value.certification === 'string' && 'value' in value
    ? value.certification
    : undefined;
}

/** The digits of a phone number without country code or trunk 0: what makes two forms equal. */
function phoneCore(text: string): string {
  return text
    .replace(/\D/g, '')
    .replace(/^(63|886|852)(?=9)/, '')
    .replace(/^0(?=9)/, '');
}

function letters(n: number): string {
  let out = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26))
    out = String.fromCharCode(65 + ((i - 1) % 26)) + out;
  return out;
}

/** `n` as `width` digits led by 9 (a phone-like or ID-like stand-in of the same length). */
function digitsOf(n: number, width: number): string {
  return `9${String(n).padStart(Math.max(1, width - 1), '0')}`.slice(-Math.max(width, 2));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class Redactor {
  /** `category + value` (a phone by its core digits) → stand-in. */
  private readonly standIns = new Map<string, string>();
  private readonly counts = new Map<Category, number>();
  /** Known secrets → stand-in, replaced inside any text (longest first). */
  private readonly inText = new Map<string, { standIn: string; words: boolean }>();
  private textPattern: RegExp | null = null;
  /** Every stand-in handed out (a phone's by its digits): never taken for a secret again. */
  private readonly issued = new Set<string>();

  /** Pass 1: remembers every sensitive value of `value` (by its fields). */
  learn(value: unknown, key?: string): void {
    const category = categoryOfField(key);
    if (category && (typeof value === 'string' || typeof value === 'number')) {
      if (String(value) !== '') this.standInFor(category, String(value));
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) this.learn(item, key);
    } else if (isRecord(value)) {
      const certification = kycItem(value);
      for (const [field, item] of Object.entries(value)) {
        this.learn(item, certification && field === 'value' ? certification : field);
      }
    }
  }

  /** Pass 2: a redacted copy of `value`. */
  redact(value: unknown, key?: string): unknown {
    const category = categoryOfField(key);
    if (typeof value === 'string') {
      if (category && value !== '') return this.standInFor(category, value);
      if (key !== undefined && MEDIA_FIELD.test(key.toLowerCase())) return localMedia(value);
      return this.cleanText(value);
    }
    if (typeof value === 'number' && category && category !== 'token' && category !== 'file') {
      const standIn = this.standInFor(category, String(value)).replace(/\D/g, '');
      return standIn ? Number(standIn) : 0;
    }
    if (Array.isArray(value)) return value.map((item) => this.redact(item, key));
    if (isRecord(value)) {
      const certification = kycItem(value);
      const out: Record<string, unknown> = {};
      for (const [field, item] of Object.entries(value)) {
        out[field] = this.redact(item, certification && field === 'value' ? certification : field);
      }
      return out;
    }
    return value;
  }

  /** Free text with every known secret, phone number, e-mail and URL replaced. */
  cleanText(text: string): string {
    let out = text;
    const known = this.pattern();
    if (known) {
      out = out.replace(known, (match) => this.inText.get(match)?.standIn ?? match);
    }
    out = out.replace(URL_IN_TEXT, (url) => strippedUrl(url));
    out = out.replace(EMAIL_IN_TEXT, (email) =>
      this.issued.has(email) ? email : this.standInFor('email', email),
    );
    return out.replace(PHONE_IN_TEXT, (phone) =>
      this.issued.has(phoneCore(phone)) ? phone : this.standInFor('phone', phone),
    );
  }

  /** How many distinct values of each kind were replaced. */
  summary(): Record<string, number> {
    return Object.fromEntries([...this.counts].sort(([a], [b]) => a.localeCompare(b)));
  }

  private standInFor(category: Category, value: string): string {
    const core = category === 'phone' ? phoneCore(value) : value;
    const id = `${category}\u0000${core}`;
    let standIn = this.standIns.get(id);
    if (standIn === undefined) {
      const n = (this.counts.get(category) ?? 0) + 1;
      this.counts.set(category, n);
      standIn = this.make(category, core, n);
      this.standIns.set(id, standIn);
      this.issued.add(standIn);
      if (core.length >= MIN_TEXT_SECRET[category]) {
        this.inText.set(core, { standIn, words: category === 'name' });
        this.textPattern = null;
      }
    }
    if (category !== 'phone') return standIn;
    // The number as it was written (0917…, +63 917…), its core digits replaced.
    const at = value.replace(/\D/g, '').lastIndexOf(core);
    const prefix = at > 0 ? value.replace(/\D/g, '').slice(0, at) : '';
    return `${value.trim().startsWith('+') ? '+' : ''}${prefix}${standIn}`;
  }

  private make(category: Category, value: string, n: number): string {
    const digitsOnly = /^\d+$/.test(value);
    switch (category) {
      case 'token':
        return `redacted-token-${n}`;
      case 'phone':
        return digitsOf(n, value.length || 10);
      case 'name':
        return `Person ${letters(n)}`;
      case 'id':
        return digitsOnly ? digitsOf(n, value.length) : `ID-${String(n).padStart(4, '0')}`;
      case 'account':
        return digitsOnly ? digitsOf(n, value.length) : `ACCOUNT-${String(n).padStart(4, '0')}`;
      case 'address':
        return `Address ${n}, Redacted City`;
      case 'email':
        return `person-${n}@example.invalid`;
      case 'birthday':
        return '2000-01-01';
      case 'file':
        return `redacted-file-${n}`;
      case 'device':
        return `device-${n}-h5`;
    }
  }

  /** One pattern for every known secret, longest first (a name inside a longer value goes last). */
  private pattern(): RegExp | null {
    if (this.textPattern || this.inText.size === 0) return this.textPattern;
    const parts = [...this.inText]
      .sort(([a], [b]) => b.length - a.length)
      .map(([secret, { words }]) =>
        words ? `(?<![\\p{L}\\d])${escapeRegExp(secret)}(?![\\p{L}\\d])` : escapeRegExp(secret),
      );
    this.textPattern = new RegExp(parts.join('|'), 'gu');
    return this.textPattern;
  }
}

/** A URL without credentials, query and fragment (they may carry a signed token). */
function strippedUrl(text: string): string {
  // A URL at the end of a sentence keeps its full stop outside.
  const trail = /[.,;:!?)]+$/.exec(text)?.[0] ?? '';
  const core = trail ? text.slice(0, -trail.length) : text;
  if (!URL.canParse(core)) return text;
  const url = new URL(core);
  if (url.pathname.includes(MEDIA_PREFIX)) return localMedia(core) + trail;
  return `${url.origin}${url.pathname}${trail}`;
}

/**
 * An absolute picture URL as a local one: the part from `/media/` on (the replaying server serves
 * fixture pictures there and makes it absolute against itself), else `/media/recorded/<file>`.
 */
function localMedia(text: string): string {
  if (!/^https?:\/\//i.test(text) || !URL.canParse(text)) return text;
  const { pathname } = new URL(text);
  const at = pathname.indexOf(MEDIA_PREFIX);
  if (at >= 0) return pathname.slice(at);
  const file = pathname.split('/').filter(Boolean).pop() ?? 'picture';
  return `${MEDIA_PREFIX}recorded/${file}`;
}
