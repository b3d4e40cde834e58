/** Login validation of PRODUCT.md §5. Pure. */
import { AREA_CODES, type AreaCode, NATIVE_AREA_CODES, SMS_CODE_LENGTH } from '@shared/constants';
import type { HostProfile } from '@renderer/native';

const PHONE_PATTERNS: Readonly<Record<AreaCode, RegExp>> = {
  '886': /^0?9\d{8}$/,
  '63': /^0?9\d{9}$/,
  '852': /^\d{8}$/,
};

export const INVALID_PHONE_OR_CODE = 'Invalid cell phone number or verification code';
/** Forms with a phone and no verification code (the OFW bill inquiry) name only the phone. */
export const INVALID_PHONE = 'Invalid cell phone number';
export const ENTER_MOBILE_FIRST = 'Please enter mobile number first.';

/** Area codes the selector offers: inside a native webview only 886. */
export function areaCodesFor(profile: HostProfile): readonly AreaCode[] {
  return profile === 'web' ? AREA_CODES : NATIVE_AREA_CODES;
}

export function isValidPhone(areaCode: AreaCode, phone: string): boolean {
  return PHONE_PATTERNS[areaCode].test(phone);
}

/** Max phone length: 886 is 9 if it starts with 9 else 10; 63 is 10 / 11; 852 is 8. */
export function phoneMaxLength(areaCode: AreaCode, phone: string): number {
  const startsWith9 = phone.startsWith('9');
  switch (areaCode) {
    case '886':
      return startsWith9 ? 9 : 10;
    case '63':
      return startsWith9 ? 10 : 11;
    case '852':
      return 8;
  }
}

/** Keeps digits only and cuts to the area code's max length. */
export function normalizePhone(areaCode: AreaCode, input: string): string {
  const digits = input.replace(/\D/g, '');
  return digits.slice(0, phoneMaxLength(areaCode, digits));
}

/** The country of an area code, as the SMS code calls send it (PRODUCT.md §7). */
export const COUNTRY_OF: Readonly<Record<AreaCode, string>> = {
  '886': 'TW',
  '63': 'PH',
  '852': 'HK',
};

/**
 * Get Code is disabled until the phone matches its pattern, and while a code is being sent or
 * counted down (PRODUCT.md §5, §4); an empty phone leaves it pressable, so the borrower learns
 * what is missing (ENTER_MOBILE_FIRST).
 */
export function getCodeDisabled(areaCode: AreaCode, phone: string, idle: boolean): boolean {
  return phone !== '' && !(idle && isValidPhone(areaCode, phone));
}

/** The SMS code as typed: no spaces, cut to the code's length. */
export function normalizeCode(input: string): string {
  return input.replace(/\s/g, '').slice(0, SMS_CODE_LENGTH);
}
