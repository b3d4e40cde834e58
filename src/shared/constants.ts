/**
 * Business constants of PRODUCT.md §9 (and the few of §2–§5 that are numbers).
 * Runs everywhere: no DOM, node or Electron imports.
 */

/** Markets by area code (PRODUCT.md §1). */
export const AREA_CODES = ['886', '63', '852'] as const;
export type AreaCode = (typeof AREA_CODES)[number];
/** Default area code on the login page; inside a native webview it is the only one offered. */
export const DEFAULT_AREA_CODE: AreaCode = '886';
export const NATIVE_AREA_CODES: readonly AreaCode[] = ['886'];

/** SMS resend countdown, seconds (PRODUCT.md §4). */
export const SMS_COUNTDOWN_SECONDS = 180;
/** Verification code length (PRODUCT.md §5). */
export const SMS_CODE_LENGTH = 4;
/** API timeout, milliseconds (PRODUCT.md §7). */
export const API_TIMEOUT_MS = 10_000;
/** Notification close time (PRODUCT.md §8). */
export const NOTIFICATION_MS = 3000;
/** Invite-friend login message shown this long before navigating (PRODUCT.md §8). */
export const INVITE_MESSAGE_MS = 600;
/** Delay before the FastPay login failure redirect (PRODUCT.md §4). */
export const FASTPAY_DENY_DELAY_MS = 500;
/** Banner autoplay delay (PRODUCT.md §9). */
export const BANNER_AUTOPLAY_MS = 3000;

/** Amount shown before approval: "up to 100000" (PRODUCT.md §9). */
export const MAX_BORROW_BEFORE_APPROVAL = 100_000;
/** Apply button hidden or disabled below this available amount (PRODUCT.md §4, §9). */
export const MIN_BORROW_AMOUNT = 1000;
/** Default loan periods and type (PRODUCT.md §3). */
export const DEFAULT_LOAN_PERIODS = 1;
export const DEFAULT_LOAN_TYPE = 'ez';

/** Bill lists: page size and infinite-scroll distance in px (PRODUCT.md §9). */
export const BILL_PAGE_SIZE = 20;
export const INFINITE_SCROLL_DISTANCE = 50;

/** Suffix appended to device and session ids (PRODUCT.md §3, §9). */
export const H5_SUFFIX = '-h5';
/** The `system` of base info outside a native host. */
export const WEB_SYSTEM = 'H5';

/** saveImageToAlbum needs this host version or higher (PRODUCT.md §5). */
export const SAVE_IMAGE_MIN_VERSION = '2.8.0';

export const PESO = '₱';

/** App-store links: 886 selects Taiwan, others Hong Kong (PRODUCT.md §9). */
export const APP_STORE_LINKS = {
  tw: 'https://apps.apple.com/tw/app/direct-loan/id1500000000',
  hk: 'https://apps.apple.com/hk/app/direct-loan/id1500000000',
} as const;
export function appStoreLink(areaCode: string): string {
  return areaCode === '886' ? APP_STORE_LINKS.tw : APP_STORE_LINKS.hk;
}

/** Order numbers containing this get no loan documents (PRODUCT.md §2, §9). */
export const NO_DOCUMENTS_MARKER = 'BV';

/** Event windows of PRODUCT.md §9 (inclusive dates, Asia/Manila day boundaries). */
export const EVENT_WINDOWS: Readonly<Record<string, { startAt: string; endAt: string }>> = {
  cash_for_newuser_150: {
    startAt: '2022-08-25T00:00:00+08:00',
    endAt: '2022-09-15T23:59:59+08:00',
  },
  invite_earn_cash: { startAt: '2022-10-21T00:00:00+08:00', endAt: '2022-11-20T23:59:59+08:00' },
  coupon_for_holiday_shopping: {
    startAt: '2022-11-22T00:00:00+08:00',
    endAt: '2022-11-28T23:59:59+08:00',
  },
};

/** Repay channel keys of the Philippines (PRODUCT.md §9) and Taiwan. */
export const PH_REPAY_CHANNELS = [
  'GCASH_LINK_TO_PAY',
  'GCASH',
  'SEVEN_ELEVEN',
  'LBC',
  'M_LHUILLIER',
  'RD_PAWNSHOP',
  'TRUE_MONEY',
  'PAYMAYA',
  'CEBUANA',
  'UNION_BANK',
  'BDO',
  'USSC',
  'SHOPEE',
  'PALAWAN',
  'BPI',
  'QRPH',
  'MAYA_WEBPAY',
] as const;
type PhRepayChannelKey = (typeof PH_REPAY_CHANNELS)[number];
export const TW_REPAY_CHANNELS = ['FASTPAY'] as const;
type TwRepayChannelKey = (typeof TW_REPAY_CHANNELS)[number];
export type RepayChannelKey = PhRepayChannelKey | TwRepayChannelKey;

/** Default repay limit, pesos, for every channel not listed in REPAY_LIMITS (PRODUCT.md §9). */
const DEFAULT_REPAY_LIMIT = 50_000;
/** Per-channel repay limits, pesos; `null` means no limit (Maya WebPay). */
const REPAY_LIMITS: Readonly<Partial<Record<RepayChannelKey, number | null>>> = {
  SEVEN_ELEVEN: 10_000,
  LBC: 25_000,
  MAYA_WEBPAY: null,
};
/** Per-channel fees, pesos (PRODUCT.md §9: Shopee 30). */
const REPAY_FEES: Readonly<Partial<Record<RepayChannelKey, number>>> = { SHOPEE: 30 };

export function repayLimitOf(key: RepayChannelKey): number | null {
  const limit = REPAY_LIMITS[key];
  return limit === undefined ? DEFAULT_REPAY_LIMIT : limit;
}
export function repayFeeOf(key: RepayChannelKey): number {
  return REPAY_FEES[key] ?? 0;
}

/** Maya WebPay account rule (PRODUCT.md §9): a Maya account starting with 08 or 09, 11 digits. */
export const MAYA_ACCOUNT_PATTERN = /^0[89]\d{9}$/;

/** Company details for the profile footer (PRODUCT.md §2). */
export const COMPANY = {
  name: 'Direct Loan Lending Corp.',
  registrationNumber: 'CS201912345',
  certificateOfAuthority: 'No. 3012',
} as const;

/** The SPA's runtime configuration file beside index.html (DESIGN.md §3). */
export const APP_CONFIG_FILE = 'app-config.json';

/**
 * Largest accepted ciphertext, base64 characters (bodies above get 4001 without decrypting).
 * Part of the wire format (./envelope re-exports it); here so the SPA reads it without zod.
 */
export const MAX_CIPHERTEXT_B64 = 512 * 1024;

/** The banner location Home asks `advertisement/loadBanner` for (PRODUCT.md, Home). */
export const HOME_BANNER_LOCATION = 'home';
