/**
 * The one RootStore (MobX docs / Outline style): it creates the domain stores and hands them the
 * injected services. Feature helpers register their store here: add a field, construct it in the
 * constructor with what it needs (never the RootStore itself when a narrower dependency will do).
 */
import type { AppConfig } from '../../../shared/appConfig';
import type { ErrorReporter } from '../errors/reporter';
import { BillStore } from '../features/bill/BillStore';
import { ChannelStore } from '../features/channel/ChannelStore';
import { CampaignStore } from '../features/event/CampaignStore';
import { LuckyDrawStore } from '../features/event/christmas/LuckyDrawStore';
import { HomeStore } from '../features/home/HomeStore';
import { KycStore } from '../features/kyc/KycStore';
import { LoanStore } from '../features/loan/LoanStore';
import { LoginStore } from '../features/login/LoginStore';
import { MessagesStore } from '../features/messages/MessagesStore';
import { ProfileStore } from '../features/profile/ProfileStore';
import { RepayFormStore } from '../features/repay/RepayFormStore';
import { RepayStore } from '../features/repay/RepayStore';
import { VoucherStore } from '../features/voucher/VoucherStore';
import type { NativeHost } from '../native';
import type { ApiTransport } from '../services/api';
import type { Clock } from '../services/clock';
import { EventBus } from '../services/events';
import type { Navigation } from '../services/navigation';
import type { JsonStorage } from '../services/storage';
import type { UiService } from '../services/ui';
import { ApiStore } from './ApiStore';
import { ConfigStore } from './ConfigStore';
import { KycFormStore } from './KycFormStore';
import { NetworkStore } from './NetworkStore';
import { SessionStore } from './SessionStore';
import { UserStore } from './UserStore';

/** Everything with I/O, injected so tests pass fakes. */
export interface Services {
  config: AppConfig;
  transport: ApiTransport;
  native: NativeHost;
  /** localStorage (persisted state). */
  storage: JsonStorage;
  /** sessionStorage (session-only state such as the SMS countdown). */
  sessionStorage: JsonStorage;
  clock: Clock;
  ui: UiService;
  navigation: Navigation;
  reporter: ErrorReporter;
  reload: () => void;
}

export class RootStore {
  readonly events = new EventBus();
  readonly user: UserStore;
  readonly kycForm: KycFormStore;
  readonly config: ConfigStore;
  readonly session: SessionStore;
  /** Call the product API here: `await root.api.call('loanInfo', {})`. */
  readonly api: ApiStore;
  readonly network: NetworkStore;
  readonly login: LoginStore;
  /** The repay form the Bill tab fills before /repay/selectCh (PRODUCT.md §3). */
  readonly repayForm: RepayFormStore;
  readonly repay: RepayStore;
  readonly loan: LoanStore;
  readonly kyc: KycStore;
  readonly campaigns: CampaignStore;
  readonly luckyDraw: LuckyDrawStore;
  readonly channel: ChannelStore;
  readonly home: HomeStore;
  readonly bill: BillStore;
  readonly profile: ProfileStore;
  readonly messages: MessagesStore;
  readonly voucher: VoucherStore;

  constructor(readonly services: Services) {
    const { storage, native, navigation, reporter, clock, ui } = services;
    this.user = new UserStore(storage);
    this.kycForm = new KycFormStore(storage);
    this.config = new ConfigStore(storage, services.config);
    this.session = new SessionStore({
      native,
      user: this.user,
      kycForm: this.kycForm,
      config: this.config,
      navigation,
      events: this.events,
      reporter,
      clock,
      reload: services.reload,
    });
    this.api = new ApiStore(services.transport, ui, this.events, reporter, {
      isLoggedIn: () => this.user.isLoggedIn,
      onSessionExpired: (tip) => this.session.onSessionExpired(tip),
      onSecureConnectionConfirmed: () => this.session.onSecureConnectionConfirmed(),
    });
    this.session.attachApi(this.api);
    this.network = new NetworkStore(ui);
    this.repayForm = new RepayFormStore(services.sessionStorage);
    const { config, user, session, api, events, kycForm } = this;
    this.repay = new RepayStore({
      api,
      user,
      config,
      session,
      native,
      ui,
      navigation,
      events,
      repayForm: this.repayForm,
    });
    this.loan = new LoanStore({ api, user, session, native, ui, navigation, clock });
    this.kyc = new KycStore({ api, config, kycForm, session, ui, navigation, clock });
    this.login = new LoginStore({
      api: this.api,
      user: this.user,
      session: this.session,
      ui,
      navigation,
      clock,
      sessionStorage: services.sessionStorage,
      puzzleCheck: services.config.puzzleCheck === true,
    });
    this.campaigns = new CampaignStore(this.api, clock);
    this.luckyDraw = new LuckyDrawStore(this.api);
    this.channel = new ChannelStore(this.api, this.user);
    this.home = new HomeStore({
      api,
      user,
      config,
      navigation,
      ui,
      native,
      refreshUser: (maxAgeMs?: number) => session.refreshUser(maxAgeMs),
      resetLoanForm: () => this.loan.resetForm(),
    });
    this.bill = new BillStore({ api, navigation, repayForm: this.repayForm });
    // A repayment or the host resuming the page changes what the kept-alive tabs hold, mounted or
    // not (a non-tab page such as the repay result unmounts them): they reload when shown.
    events.on('resume', () => {
      this.bill.invalidate();
      this.home.invalidate();
    });
    this.profile = new ProfileStore({
      user,
      native,
      ui,
      logout: () => session.logout(),
      refreshUser: (maxAgeMs?: number) => session.refreshUser(maxAgeMs),
    });
    this.messages = new MessagesStore(api, user);
    this.voucher = new VoucherStore({
      api,
      user,
      native,
      navigation,
      refreshUser: (maxAgeMs?: number) => session.refreshUser(maxAgeMs),
      chooseCouponForLoan: (userCouponId) => {
        this.loan.resetForm();
        this.loan.setCoupon(userCouponId);
      },
    });
  }

  /** Base info for every call: the host's, with the session token (PRODUCT.md §3). */
  userBaseInfo(): { deviceId: string; system: string; tokenValue: string; version: string } {
    const info = this.session.baseInfo;
    return {
      deviceId: info?.deviceId ?? '',
      system: info?.system ?? 'H5',
      tokenValue: this.user.tokenValue,
      version: info?.version ?? '',
    };
  }
}
