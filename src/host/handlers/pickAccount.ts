import { payeeAccountSchema } from '@host/accounts';
import { failed, type Handler, resultOf } from './context';

/** The developer picks one of the host's accounts; OK without a choice picks the first one. */
export const pickAccount: Handler<'pickAccount'> = async (params, context) => {
  const decision = await context.ask('pickAccount', params);
  if (decision.answer !== 'ok') return resultOf(decision);
  const accounts = context.snapshot().accounts;
  const chosen =
    decision.data === undefined ? accounts[0] : payeeAccountSchema.safeParse(decision.data).data;
  if (!chosen) return failed('No payee account to pick');
  return resultOf(decision, chosen);
};
