import { failed, type Handler, resultOf } from './context';
import { errorMessage } from '@shared/errors';

/** Native login page: on OK the host signs the scenario user in (a fresh session token). */
export const showLogin: Handler<'showLogin'> = async (params, context) => {
  const decision = await context.ask('showLogin', params);
  if (decision.answer !== 'ok') return resultOf(decision);
  try {
    await context.signIn();
  } catch (error) {
    return failed(`Native login failed: ${errorMessage(error)}`);
  }
  return resultOf(decision);
};
