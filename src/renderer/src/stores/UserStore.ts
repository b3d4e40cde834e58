/**
 * The user state of PRODUCT.md §3: msisdn, userId, token, tokenValue, KYC state, gender,
 * lastName and loanInfo are persisted to localStorage; payPassword, the unread list and the
 * voucherReaded flag live for the session only.
 */
import { makeAutoObservable } from 'mobx';
import type { LoanInfo, UnreadItem, User } from '../../../shared/api/entities';
import { persistedUserShape } from '../lib/bootShapes';
import { profileTabHasDot, redDotList } from '../rules/redDot';
import { type JsonStorage, StorageKey } from '../services/storage';

export class UserStore {
  /** The login token; a host's token inside the lender app. Logged in when it is non-empty. */
  tokenValue = '';
  user: User | null = null;
  loanInfo: LoanInfo | null = null;
  payPassword = '';
  unread: UnreadItem[] = [];
  voucherReaded = false;
  /** The wallet account of a FastPay login (PRODUCT.md §3 login response); session-only. */
  fastpayAccount: { paymentAccountId: string; paymentAccount: string } | null = null;

  constructor(private readonly storage: JsonStorage) {
    const saved = storage.read(StorageKey.user, persistedUserShape);
    if (saved) {
      this.tokenValue = saved.tokenValue;
      this.user = saved.user;
      this.loanInfo = saved.loanInfo;
    }
    makeAutoObservable<UserStore, 'storage'>(this, { storage: false });
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

  /** Stores a login or user-info answer (its tokenValue becomes the session token). */
  setUser(user: User): void {
    this.user = user;
    if (user.tokenValue) this.tokenValue = user.tokenValue;
    this.persist();
  }

  /** A token handed over by a native host before the user info is known. */
  setToken(tokenValue: string): void {
    this.tokenValue = tokenValue;
    this.persist();
  }

  setLoanInfo(loanInfo: LoanInfo): void {
    this.loanInfo = loanInfo;
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
    this.tokenValue = '';
    this.user = null;
    this.loanInfo = null;
    this.payPassword = '';
    this.unread = [];
    this.voucherReaded = false;
    this.fastpayAccount = null;
    this.storage.remove(StorageKey.user);
  }

  private persist(): void {
    this.storage.write(StorageKey.user, {
      tokenValue: this.tokenValue,
      user: this.user,
      loanInfo: this.loanInfo,
    });
  }
}
