/**
 * The user state of PRODUCT.md §3: msisdn, userId, token, tokenValue, KYC state, gender,
 * lastName and loanInfo are persisted to localStorage; payPassword, the unread list and the
 * voucherReaded flag live for the session only.
 *
 * The token is the session (DESIGN.md §6): a new token — a login as another number, a host's new
 * token — starts from nothing, and the saved record names the API host it belongs to, so its
 * figures reach no other session or deployment. What the record holds beside its token is read
 * back only when this app sealed it in this browser (services/userRecordSeal.ts): a record
 * planted in storage gives its token a try, never its figures.
 */
import { makeAutoObservable } from 'mobx';
import type { LoanInfo, UnreadItem, User } from '@shared/api/entities';
import { type HomeFrame, persistedUserShape } from '@renderer/lib/bootShapes';
import { profileTabHasDot, redDotList } from '@renderer/rules/redDot';
import { type JsonStorage, StorageKey } from '@renderer/lib/storage';
import type { UserRecordSeal } from '@renderer/services/userRecordSeal';

export class UserStore {
  /** The login token; a host's token inside the lender app. Logged in when it is non-empty. */
  tokenValue = '';
  user: User | null = null;
  loanInfo: LoanInfo | null = null;
  payPassword = '';
  unread: UnreadItem[] = [];
  voucherReaded = false;
  /**
   * Home's headline, amount and button as they last showed with figures, saved with the session
   * (DESIGN.md §6): index.html paints them on the next open before the app runs.
   */
  homeFrame: HomeFrame | null = null;
  /** The wallet account of a FastPay login (PRODUCT.md §3 login response); session-only. */
  fastpayAccount: { paymentAccountId: string; paymentAccount: string } | null = null;

  /** The text of the record last written: a seal is kept only for the record still current. */
  private written = '';

  constructor(
    private readonly storage: JsonStorage,
    /** `apiBase.main` of this deployment: whose tokens and figures the saved record may hold. */
    private readonly apiHost: string,
    /** The saved record's seal; none (tests): the record is trusted and nothing is sealed. */
    private readonly recordSeal?: UserRecordSeal,
  ) {
    const saved = storage.read(StorageKey.user, persistedUserShape);
    if (saved && saved.apiHost !== undefined && saved.apiHost !== apiHost) {
      // Another deployment's session: its token means nothing here, its figures are not ours.
      storage.remove(StorageKey.user);
    } else if (saved && recordSeal && !recordSeal.trusted) {
      // Not a record this app sealed here: its token is tried (the server decides), nothing else.
      this.tokenValue = saved.tokenValue;
    } else if (saved) {
      this.tokenValue = saved.tokenValue;
      this.user = saved.user;
      // A record saved before it named its host may show no figures it cannot vouch for.
      this.loanInfo = saved.apiHost === undefined ? null : saved.loanInfo;
      this.homeFrame = saved.apiHost === undefined ? null : (saved.homeFrame ?? null);
    }
    makeAutoObservable<UserStore, 'storage' | 'apiHost' | 'recordSeal' | 'written'>(this, {
      storage: false,
      apiHost: false,
      recordSeal: false,
      written: false,
    });
  }

  get isLoggedIn(): boolean {
    return this.tokenValue !== '';
  }

  get redDots(): UnreadItem[] {
    return redDotList(this.unread, this.voucherReaded);
  }

  get profileDot(): boolean {
    return profileTabHasDot(this.unread, this.voucherReaded);
  }

  /**
   * Stores a login or user-info answer (its tokenValue becomes the session token). A token other
   * than the current one is a new session: nothing of the previous one is kept.
   */
  setUser(user: User): void {
    if (user.tokenValue && user.tokenValue !== this.tokenValue) this.forgetSession();
    this.user = user;
    if (user.tokenValue) this.tokenValue = user.tokenValue;
    this.persist();
  }

  /**
   * Stores a user-info answer of the current session: the session's token stays what it is
   * (a host's token is the host's to change, DESIGN.md §4).
   */
  updateUser(user: User): void {
    this.user = { ...user, tokenValue: this.tokenValue || user.tokenValue };
    if (!this.tokenValue) this.tokenValue = user.tokenValue;
    this.persist();
  }

  /** A token handed over by a native host before the user info is known (a new session). */
  setToken(tokenValue: string): void {
    if (tokenValue !== this.tokenValue) this.forgetSession();
    this.tokenValue = tokenValue;
    this.persist();
  }

  setLoanInfo(loanInfo: LoanInfo): void {
    this.loanInfo = loanInfo;
    this.persist();
  }

  /**
   * The loan changed on the server (an application went through, the lender app's loanSuccess):
   * the kept figures and Home's kept frame are wrong, not just old. Screens show placeholders
   * until fresh loan info comes, so nothing stale can be pressed (DESIGN.md §6).
   */
  forgetLoanInfo(): void {
    this.loanInfo = null;
    this.homeFrame = null;
    this.persist();
  }

  /** Keeps Home's first frame of this session (written only when it changed). */
  keepHomeFrame(frame: HomeFrame): void {
    if (!this.isLoggedIn || JSON.stringify(frame) === JSON.stringify(this.homeFrame)) return;
    this.homeFrame = frame;
    this.persist();
  }

  setUnread(unread: UnreadItem[]): void {
    this.unread = unread;
  }

  setVoucherReaded(readed: boolean): void {
    this.voucherReaded = readed;
  }

  setFastpayAccount(account: { paymentAccountId: string; paymentAccount: string }): void {
    this.fastpayAccount = account;
  }

  setPayPassword(payPassword: string): void {
    this.payPassword = payPassword;
  }

  clear(): void {
    this.forgetSession();
    this.tokenValue = '';
    this.written = '';
    this.storage.remove(StorageKey.user);
    this.storage.remove(StorageKey.userSeal);
  }

  /** Everything a session learnt, the token aside. */
  private forgetSession(): void {
    this.user = null;
    this.loanInfo = null;
    this.homeFrame = null;
    this.payPassword = '';
    this.unread = [];
    this.voucherReaded = false;
    this.fastpayAccount = null;
  }

  private persist(): void {
    const record = {
      tokenValue: this.tokenValue,
      user: this.user,
      loanInfo: this.loanInfo,
      apiHost: this.apiHost,
      homeFrame: this.homeFrame,
    };
    // The seal of the record before would not match this one: none until this one is sealed.
    this.storage.remove(StorageKey.userSeal);
    this.storage.write(StorageKey.user, record);
    const text = JSON.stringify(record);
    this.written = text;
    void this.recordSeal?.seal(text).then((seal) => {
      if (seal && this.written === text) this.storage.write(StorageKey.userSeal, seal);
    });
  }
}
