import { type Handler, resultOf } from './context';

export const fastPayPayment: Handler<'fastPayPayment'> = async (params, context) =>
  resultOf(await context.ask('fastPayPayment', params));
