/**
 * The last step of a loan application: the lender app submits it natively (`loanApply`), the web
 * through loan/ApplyNoPayPassword. True when it was accepted.
 */
import type { LoanApplication } from '@shared/api/endpoints';
import { OK } from '@shared/codes';
import type { HostProfile, NativeHost } from '@renderer/native';
import type { UiService } from '@renderer/services/ui';
import type { ApiService } from '@renderer/services/ApiService';

const APPLICATION_FAILED = 'The application failed. Please try again.';

export async function sendApplication(
  deps: { api: ApiService; native: NativeHost; ui: UiService; profile: HostProfile },
  application: LoanApplication,
): Promise<boolean> {
  if (deps.profile === 'lender') {
    const { borrowAmount, periods, payeeId, userCouponId } = application;
    const result = await deps.native.call('loanApply', {
      borrowAmount,
      periods,
      payeeId,
      ...(userCouponId ? { userCouponId } : {}),
    });
    // Cancelled by the borrower (2): nothing to say.
    if (result.resultCode !== 0 && result.resultCode !== 2) {
      deps.ui.toast(result.message ?? APPLICATION_FAILED, 'fail');
    }
    return result.resultCode === 0;
  }
  const answer = await deps.api.call('applyNoPayPassword', application);
  return answer.code === OK;
}
