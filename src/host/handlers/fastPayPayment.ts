import { walletPayment } from './walletPayment';

export const fastPayPayment = walletPayment('fastPayPayment');
