/**
 * The fixture files, imported statically so the scenario set travels with every bundle (CLI via
 * tsx, Electron main via electron-vite, tests) without runtime paths. Add a new scenario file
 * here too: a test fails when a file in fixtures/scenarios is missing from this list.
 */
import certificationConfig from '@fixtures/reference/certification-config.json';
import eventDates from '@fixtures/reference/event-dates.json';
import repayChannels from '@fixtures/reference/repay-channels.json';
import canBorrow from '@fixtures/scenarios/can-borrow.json';
import kycExpired from '@fixtures/scenarios/kyc-expired.json';
import kycFailed from '@fixtures/scenarios/kyc-failed.json';
import kycFillInfo from '@fixtures/scenarios/kyc-fill-info.json';
import kycRejected from '@fixtures/scenarios/kyc-rejected.json';
import kycReview from '@fixtures/scenarios/kyc-review.json';
import lowCredit from '@fixtures/scenarios/low-credit.json';
import manyBills from '@fixtures/scenarios/many-bills.json';
import newUser from '@fixtures/scenarios/new-user.json';
import overdue from '@fixtures/scenarios/overdue.json';
import releaseFailed from '@fixtures/scenarios/release-failed.json';
import releasing from '@fixtures/scenarios/releasing.json';
import repaying from '@fixtures/scenarios/repaying.json';
import sessionExpired from '@fixtures/scenarios/session-expired.json';
import taiwan from '@fixtures/scenarios/taiwan.json';
import unreadAll from '@fixtures/scenarios/unread-all.json';

/** Raw scenario files in the order the admin API lists them; validated by the loader. */
export const scenarioFiles: readonly unknown[] = [
  newUser,
  kycReview,
  kycFailed,
  kycRejected,
  kycFillInfo,
  kycExpired,
  canBorrow,
  lowCredit,
  releasing,
  releaseFailed,
  repaying,
  overdue,
  manyBills,
  unreadAll,
  taiwan,
  sessionExpired,
];

/** Raw reference data (fixtures/reference), validated by the loader. */
export const referenceFiles: {
  repayChannels: unknown;
  certificationConfig: unknown;
  eventDates: unknown;
} = { repayChannels, certificationConfig, eventDates };
