/**
 * The shapes the SPA checks before its first screen: app-config.json, the host's getBaseInfo
 * answer and the state saved in local/session storage. They mirror the zod schemas of
 * `src/shared` (bootShapes.test.ts checks that both accept and reject the same inputs), written
 * with `./shape` so zod stays off the boot path (bench/README.md). Runs in the browser.
 */
import type { KycState, LoanInfo, User } from '@shared/api/entities';
import type { AppConfig } from '@shared/appConfig';
import type { BridgeResult, HostBaseInfo } from '@shared/bridge';
import { AREA_CODES } from '@shared/constants';
import {
  array,
  boolean,
  nullable,
  number,
  object,
  oneOf,
  optional,
  record,
  type Shape,
  string,
  unknown,
} from './shape';

/** `app-config.json` (shared/appConfig.ts). */
export const appConfigShape: Shape<AppConfig> = object<AppConfig>({
  env: oneOf(['production', 'development']),
  apiBase: object<AppConfig['apiBase']>({
    main: string({ min: 1 }),
    channel: string({ min: 1 }),
    hk: string({ min: 1 }),
  }),
  sentryDsn: nullable(string({ min: 1 })),
  puzzleCheck: optional(boolean),
});

/** Any bridge answer (shared/bridge.ts bridgeResultSchema). */
export const bridgeResultShape: Shape<BridgeResult> = object<BridgeResult>({
  resultCode: oneOf([0, 1, 2, 3]),
  data: optional(unknown),
  message: optional(string()),
});

/** getBaseInfo data (shared/bridge.ts hostBaseInfoSchema). */
export const hostBaseInfoShape: Shape<HostBaseInfo> = object<HostBaseInfo>({
  deviceId: string({ min: 1 }),
  system: oneOf(['android', 'ios']),
  tokenValue: string(),
  version: string(),
  appName: oneOf(['lender', 'fastpay']),
});

/** A non-empty string (the persisted web device id). */
export const deviceIdShape: Shape<string> = string({ min: 1 });

/** The seal of the saved user record (services/userRecordSeal.ts). */
export const sealShape: Shape<string> = string({ min: 1 });

/** A number (the persisted end of the SMS countdown). */
export const timestampShape: Shape<number> = number();

const kycStateShape: Shape<KycState> = oneOf([1, 2, 3, 4, 5, 6, 7]);

const userShape: Shape<User> = object<User>({
  msisdn: string(),
  areaCode: oneOf(AREA_CODES),
  userId: string(),
  token: string(),
  tokenValue: string(),
  state: optional(kycStateShape),
  gender: string(),
  lastName: string(),
});

const amount = number({ min: 0 });
const int = number({ int: true });

const loanInfoShape: Shape<LoanInfo> = object<LoanInfo>({
  lastAmount: amount,
  creditAmount: amount,
  monthlyInterest: amount,
  state: number({ int: true, min: 0, max: 8 }),
  type: int,
  loanAmount: amount,
  dueAmount: amount,
  dueDay: int,
  dueTime: int,
});

/**
 * What UserStore saves (user, token and loanInfo of PRODUCT.md §3), under the API host that
 * issued the token: the figures are the session's, shown only to it (DESIGN.md §6).
 */
/**
 * Home's headline, amount and main button as they last showed with figures, as text: what
 * index.html paints on the next open before the app runs (src/renderer/inline/firstFrame.ts).
 */
export interface HomeFrame {
  caption: string;
  amount: string;
  button: { label: string; disabled: boolean } | null;
}
const homeFrameShape: Shape<HomeFrame> = object<HomeFrame>({
  caption: string(),
  amount: string(),
  button: nullable(
    object<{ label: string; disabled: boolean }>({ label: string(), disabled: boolean }),
  ),
});

export interface PersistedUser {
  tokenValue: string;
  user: User | null;
  loanInfo: LoanInfo | null;
  /** `apiBase.main` of the deployment that issued the token; absent in records saved before. */
  apiHost?: string;
  /** Home's first frame of this session (absent until Home showed figures). */
  homeFrame?: HomeFrame | null;
}
export const persistedUserShape: Shape<PersistedUser> = object<PersistedUser>({
  tokenValue: string(),
  user: nullable(userShape),
  loanInfo: nullable(loanInfoShape),
  apiHost: optional(string()),
  homeFrame: optional(nullable(homeFrameShape)),
});

/**
 * What ConfigStore saves (PRODUCT.md §3): the popup ads already seen, checked at boot, and the KYC
 * certification list and repay channels, kept as saved: the KYC and repay features check them
 * with their zod schemas when they read them back (ConfigStore.restore…), so their shapes never
 * ride the boot path.
 */
export interface PersistedConfig {
  adddsViewed: number[];
  certList?: unknown;
  channels?: unknown;
}
export const persistedConfigShape: Shape<PersistedConfig> = object<PersistedConfig>({
  adddsViewed: array(int),
  certList: optional(unknown),
  channels: optional(unknown),
});

/** What KycFormStore saves: the step counter and the values by certification. */
export interface PersistedKycForm {
  step: number;
  values: Record<string, string>;
}
export const persistedKycFormShape: Shape<PersistedKycForm> = object<PersistedKycForm>({
  step: number({ int: true, min: 1, max: 6 }),
  values: record(string()),
});

/** What RepayFormStore saves for the session: the amount and the chosen periods. */
export interface PersistedRepayForm {
  repayAmount: number;
  periodIds: string[];
}
export const persistedRepayFormShape: Shape<PersistedRepayForm> = object<PersistedRepayForm>({
  repayAmount: amount,
  periodIds: array(string()),
});

/** A KYC contact value as KycField stores it (JSON of name and mobile). */
export const contactShape: Shape<{ name: string; mobile: string }> = object<{
  name: string;
  mobile: string;
}>({ name: string(), mobile: string() });
