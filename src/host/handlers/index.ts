/**
 * One handler per bridge method of DESIGN.md §4. The mapped type makes a missing method a
 * compile error.
 */
import type { BridgeMethod } from '@shared/bridge';
import { closePage } from './closePage';
import type { Handler } from './context';
import { fastPayPayment } from './fastPayPayment';
import { gcashPayment } from './gcashPayment';
import { getBaseInfo } from './getBaseInfo';
import { kickOut } from './kickOut';
import { loanApply } from './loanApply';
import { openNativePage } from './openNativePage';
import { pickAccount } from './pickAccount';
import { showLogin } from './showLogin';
import { showNotice } from './showNotice';
import {
  composeEmail,
  dialPhone,
  loanRepaid,
  openBrowser,
  saveImageToAlbum,
  sendSms,
  useVoucher,
} from './sideEffects';

export const handlers: { [M in BridgeMethod]: Handler<M> } = {
  getBaseInfo,
  openNativePage,
  kickOut,
  showLogin,
  useVoucher,
  loanApply,
  showNotice,
  gcashPayment,
  fastPayPayment,
  pickAccount,
  closePage,
  loanRepaid,
  composeEmail,
  openBrowser,
  sendSms,
  dialPhone,
  saveImageToAlbum,
};
