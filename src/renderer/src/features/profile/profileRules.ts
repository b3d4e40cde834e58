/**
 * Profile tab rules of PRODUCT.md §2, §4, §6 as pure functions: the greeting, the mobile with a
 * leading 0, which list entries show, and the red dots of the bell and the Voucher entry.
 */
import { type KycState, KycStates, type UnreadItem, type User } from '@shared/api/entities';

/** KYC states that unlock the name greeting and the My KYC entry. */
function kycKnown(state: KycState | undefined): boolean {
  return state === KycStates.APPROVED || state === KycStates.EXPIRED;
}

/** "Hi, Ms. Santos" once KYC is 5 or 7 (gender "Female" is Ms., anything else Mr.); else "Hi". */
export function greetingOf(user: Pick<User, 'state' | 'gender' | 'lastName'> | null): string {
  if (!user || !kycKnown(user.state) || user.lastName === '') return 'Hi';
  return `Hi, ${user.gender === 'Female' ? 'Ms.' : 'Mr.'} ${user.lastName}`;
}

/** The mobile number with a leading 0 (9171234567 → 09171234567; 0917… stays). */
export function displayMobileOf(msisdn: string): string {
  if (msisdn === '') return '';
  return msisdn.startsWith('0') ? msisdn : `0${msisdn}`;
}

type ProfileEntryKey = 'kyc' | 'voucher' | 'app' | 'privacy' | 'help' | 'about' | 'logout';

export interface ProfileEntry {
  key: ProfileEntryKey;
  title: string;
  /** Route the entry opens; none for the ones that act (dialog, logout). */
  to?: string;
  dot?: boolean;
}

export interface ProfileListInput {
  kycState: KycState | undefined;
  unread: readonly UnreadItem[];
  voucherReaded: boolean;
  /** `app-config.json` env is production. */
  production: boolean;
  /** No native host (a browser). */
  web: boolean;
}

/** The Voucher entry's dot: an unread coupon the user has not looked at this session. */
export function voucherHasDot(unread: readonly UnreadItem[], voucherReaded: boolean): boolean {
  return unread.includes('Coupon') && !voucherReaded;
}

/** The message bell's dot: an unread message. */
export function bellHasDot(unread: readonly UnreadItem[]): boolean {
  return unread.includes('Message');
}

/** The list of PRODUCT.md §2 with its visibility rules, in order. */
export function profileEntriesOf(input: ProfileListInput): ProfileEntry[] {
  const entries: ProfileEntry[] = [];
  if (kycKnown(input.kycState)) entries.push({ key: 'kyc', title: 'My KYC' });
  entries.push(
    {
      key: 'voucher',
      title: 'Voucher',
      to: '/user/voucher/?state=1',
      dot: voucherHasDot(input.unread, input.voucherReaded),
    },
    { key: 'app', title: 'Direct Loan App', to: '/profile/download' },
    { key: 'privacy', title: 'Privacy Notice', to: '/doc/privacy_policy' },
    { key: 'help', title: 'Help Center', to: '/doc/help_center' },
    { key: 'about', title: 'About Us', to: '/doc/about_us' },
  );
  // Logout is a testing aid of the non-production web: hosts and production own the session.
  if (input.web && !input.production) entries.push({ key: 'logout', title: 'Log Out' });
  return entries;
}

/** The My KYC dialog: KYC is managed in the native app. */
export const MY_KYC_DIALOG = {
  title: 'My KYC',
  content: 'Please view and update your KYC information in the Direct Loan app.',
  button: 'Go To App',
} as const;
