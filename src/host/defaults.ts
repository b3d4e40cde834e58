/** Default host settings: a signed-in lender app on a notched iPhone, every request asked. */
import type { HostSettings } from './types';

const DEFAULT_VERSION = '2.9.0';

export function defaultSettings(): HostSettings {
  return {
    profile: 'lender',
    system: 'ios',
    version: DEFAULT_VERSION,
    device: 'iphone',
    online: true,
    signedIn: true,
    msisdn: '',
    autoAnswer: {
      pickAccount: 'ask',
      gcashPayment: 'ask',
      fastPayPayment: 'ask',
      showNotice: 'ask',
      showLogin: 'ask',
    },
  };
}
