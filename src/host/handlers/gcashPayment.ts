import { type Handler, resultOf } from './context';

export const gcashPayment: Handler<'gcashPayment'> = async (params, context) =>
  resultOf(await context.ask('gcashPayment', params));
