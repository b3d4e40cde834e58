/**
 * Repay rules of PRODUCT.md §2 ("Repay channel screens"), §5 and §9 as pure functions: which
 * channels a market offers, each channel's limit and fee, whether an amount may go through a
 * channel, the Maya WebPay account rule and how an order is paid on each host profile.
 */
import type { RepayChannel } from '@shared/api/entities';
import {
  MAYA_ACCOUNT_PATTERN,
  PH_REPAY_CHANNELS,
  type RepayChannelKey,
  repayFeeOf,
  repayLimitOf,
  TW_REPAY_CHANNELS,
} from '@shared/constants';
import { formatPeso } from '@renderer/lib/format';
import type { HostProfile } from '@renderer/native';

/** The two channel lists of the app config (PRODUCT.md §3). */
export type Market = 'ph' | 'tw';

/** Area code 886 (Taiwan) repays through FastPay; every other market through the PH list. */
export function marketOf(areaCode: string | undefined): Market {
  return areaCode === '886' ? 'tw' : 'ph';
}

function isKnownKey(key: string): key is RepayChannelKey {
  return (
    (PH_REPAY_CHANNELS as readonly string[]).includes(key) ||
    (TW_REPAY_CHANNELS as readonly string[]).includes(key)
  );
}

/**
 * The limit of a channel, pesos; `null` is no limit. The constants of PRODUCT.md §9 win over
 * what the server sends, so a misconfigured list can never let a 7-ELEVEN order above ₱10,000.
 */
export function limitOf(channel: Pick<RepayChannel, 'key' | 'repayLimit'>): number | null {
  return isKnownKey(channel.key) ? repayLimitOf(channel.key) : channel.repayLimit;
}

/** The channel's fee, pesos (Shopee 30, PRODUCT.md §9); unknown channels use the server's. */
export function feeOf(channel: Pick<RepayChannel, 'key' | 'fee'>): number {
  return isKnownKey(channel.key) ? repayFeeOf(channel.key) : (channel.fee ?? 0);
}

/** Amount plus the channel fee, rounded to centavos. */
export function totalWithFee(channel: Pick<RepayChannel, 'key' | 'fee'>, amount: number): number {
  return Math.round((amount + feeOf(channel)) * 100) / 100;
}

export const NO_AMOUNT = 'Please choose the bills to pay first.';

/**
 * Whether `amount` may be paid through `channel`; the message says why not. Checked before
 * any order is generated.
 */
export function checkAmount(
  channel: Pick<RepayChannel, 'key' | 'label' | 'repayLimit'>,
  amount: number,
): { ok: true } | { ok: false; message: string } {
  if (!Number.isFinite(amount) || amount <= 0) return { ok: false, message: NO_AMOUNT };
  const limit = limitOf(channel);
  if (limit !== null && amount > limit) {
    return {
      ok: false,
      message: `The amount ${formatPeso(amount)} exceeds the ${channel.label} limit of ${formatPeso(limit)}. Please choose another channel or fewer bills.`,
    };
  }
  return { ok: true };
}

/** A known amount above the channel's limit (no amount yet is not "above" anything). */
export function exceedsLimit(channel: Pick<RepayChannel, 'key' | 'repayLimit'>, amount: number) {
  const limit = limitOf(channel);
  return Number.isFinite(amount) && amount > 0 && limit !== null && amount > limit;
}

export const MAYA_ACCOUNT_REQUIRED = 'Please enter your Maya account number.';
/** The Maya WebPay tip of PRODUCT.md §9, also the error of a wrong account. */
export const MAYA_ACCOUNT_RULE = 'Please enter a Maya account starting with 08 or 09.';

/** The Maya account rule: 11 digits starting with 08 or 09; spaces and dashes are ignored. */
export function validateMayaAccount(input: string):
  | { ok: true; account: string }
  | {
      ok: false;
      message: string;
    } {
  const account = input.replace(/[\s-]/g, '');
  if (account === '') return { ok: false, message: MAYA_ACCOUNT_REQUIRED };
  if (!MAYA_ACCOUNT_PATTERN.test(account)) return { ok: false, message: MAYA_ACCOUNT_RULE };
  return { ok: true, account };
}

/** How a generated order is paid: a native wallet call, or the code / link shown on screen. */
export type PaymentMode = 'gcashPayment' | 'fastPayPayment' | 'show';

/** GCash channels pay through `gcashPayment`, FastPay through `fastPayPayment`, in a host. */
export function paymentModeOf(key: string, profile: HostProfile): PaymentMode {
  if (profile === 'web') return 'show';
  if (key === 'GCASH' || key === 'GCASH_LINK_TO_PAY') return 'gcashPayment';
  if (key === 'FASTPAY') return 'fastPayPayment';
  return 'show';
}

/** The channel list for an amount (what the Bill tab's REPAY opens). */
export function selectChannelPath(amount: number): string {
  return `/repay/selectCh?${new URLSearchParams({ amount: String(amount) })}`;
}

/** The screen a channel opens from the channel list. */
export function channelPath(key: string, amount: number): string {
  const query = new URLSearchParams({ amount: String(amount) });
  if (key === 'MAYA_WEBPAY') return `/repay/ph/mayaChannel?${query}`;
  query.set('key', key);
  return `/repay/ph/detail?${query}`;
}

/**
 * An amount as the Bill tab writes it: whole pesos and at most two decimals, below a billion
 * (no sign, no exponent). Anything else in an address is not a sum of bills.
 */
const AMOUNT_QUERY = /^\d{1,9}(\.\d{1,2})?$/;

/**
 * The `amount` query of the repay screens: a sum of whole centavos; 0 means no amount chosen
 * yet. NaN when absent or not such a sum (`12.345`, `-5`, `1e9`): never rounded into one.
 */
export function amountFromQuery(value: string | null): number {
  if (value === null) return Number.NaN;
  const text = value.trim();
  return AMOUNT_QUERY.test(text) ? Number(text) : Number.NaN;
}

export const INVALID_AMOUNT =
  'The amount in this link is not a valid amount to pay. Please choose the bills to pay again.';

/** The `amount` query is there but is not an amount: the screen says so instead of "—". */
export function isInvalidAmountQuery(value: string | null): boolean {
  return value !== null && value.trim() !== '' && Number.isNaN(amountFromQuery(value));
}
