/**
 * "Download FastPay" (the Taiwan channel's wallet, PRODUCT.md §9): offered to borrowers who may
 * not have the wallet yet, never inside the FastPay wallet itself, whose users pay with it.
 */
import type { HostProfile } from '@renderer/native';

export function offersFastPayDownload(profile: HostProfile): boolean {
  return profile !== 'fastpay';
}
