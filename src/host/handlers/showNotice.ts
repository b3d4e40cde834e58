import { type Handler, resultOf } from './context';

export const showNotice: Handler<'showNotice'> = async (params, context) =>
  resultOf(await context.ask('showNotice', params));
