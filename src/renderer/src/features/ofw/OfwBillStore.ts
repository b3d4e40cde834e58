/** /ofw/bill_inquiry: a bill looked up by mobile number and order number, no login (ofw/billInquiry). */
import { makeAutoObservable, runInAction } from 'mobx';
import type { OfwBill } from '@shared/api/endpoints';
import { OK } from '@shared/codes';
import { AREA_CODES, type AreaCode } from '@shared/constants';
import { INVALID_PHONE, isValidPhone, normalizePhone } from '@renderer/rules/loginValidation';
import type { UiService } from '@renderer/services/ui';
import type { ApiService } from '@renderer/services/ApiService';

export const ENTER_ORDER_NO = 'Please enter your order number.';

export class OfwBillStore {
  readonly areaCodes: readonly AreaCode[] = AREA_CODES;
  areaCode: AreaCode = '63';
  phone = '';
  orderNo = '';
  searching = false;
  bill: OfwBill | undefined = undefined;
  /** A search ran and found nothing (the server's message was already shown). */
  notFound = false;

  constructor(
    private readonly api: ApiService,
    private readonly ui: UiService,
  ) {
    makeAutoObservable<OfwBillStore, 'api' | 'ui'>(this, { api: false, ui: false });
  }

  setAreaCode(areaCode: AreaCode): void {
    this.areaCode = areaCode;
    this.phone = normalizePhone(areaCode, this.phone);
  }

  setPhone(input: string): void {
    this.phone = normalizePhone(this.areaCode, input);
  }

  setOrderNo(input: string): void {
    this.orderNo = input.trim().toUpperCase().slice(0, 40);
  }

  async search(): Promise<void> {
    if (this.searching) return;
    if (!isValidPhone(this.areaCode, this.phone)) {
      this.ui.toast(INVALID_PHONE);
      return;
    }
    if (this.orderNo === '') {
      this.ui.toast(ENTER_ORDER_NO);
      return;
    }
    this.searching = true;
    this.bill = undefined;
    this.notFound = false;
    try {
      const answer = await this.api.call('ofwBillInquiry', {
        areaCode: this.areaCode,
        msisdn: this.phone,
        orderNo: this.orderNo,
      });
      runInAction(() => {
        if (answer.code === OK) this.bill = answer.data;
        else this.notFound = true;
      });
    } catch {
      // Already shown by the ApiService.
    } finally {
      runInAction(() => {
        this.searching = false;
      });
    }
  }
}
