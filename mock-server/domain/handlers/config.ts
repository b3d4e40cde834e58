/** config/* reference data and kyc/*: the KYC draft and its submission. */
import { ServerCode } from '@shared/codes';
import { fail, type Handler, type HandlerTable, ok, own } from '../context';

/** The last KYC step: saving it submits the form for review. */
const LAST_KYC_STEP = 6;
/** KYC states in which the form can be filled: apply, review failed/rejected, fill info, expired. */
const KYC_EDITABLE = new Set([1, 3, 4, 6, 7]);

const kycSave: Handler<'kycSave'> = (ctx, data) => {
  const account = own(ctx);
  if (!KYC_EDITABLE.has(account.user.kycState)) {
    return fail(ServerCode.NOT_ELIGIBLE, 'Your KYC has already been submitted.');
  }
  const items = new Map(account.kycDraft.items.map((i) => [i.certification, i.value]));
  for (const item of data.items) items.set(item.certification, item.value);
  const submitted = data.step === LAST_KYC_STEP;
  account.kycDraft = {
    step: submitted ? LAST_KYC_STEP : Math.max(account.kycDraft.step, data.step + 1),
    items: [...items].map(([certification, value]) => ({ certification, value })),
  };
  if (submitted) {
    account.user.kycState = 2;
    account.reviewState = 2;
    account.kycUnread = false;
  }
  return ok({ step: account.kycDraft.step, submitted });
};

export const configHandlers = {
  getCertificationConfig: (ctx) => ok(ctx.ref.certList),
  getEventDates: (ctx) => ok(ctx.ref.eventDates),
  kycRestore: (ctx) => ok(own(ctx).kycDraft.items),
  kycSave,
} satisfies HandlerTable;
