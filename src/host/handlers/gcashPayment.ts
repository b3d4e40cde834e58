import { walletPayment } from './walletPayment';

export const gcashPayment = walletPayment('gcashPayment');
