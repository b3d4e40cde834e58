import { type Handler, ok } from './context';

export const openNativePage: Handler<'openNativePage'> = (params, context) => {
  const extra = params.params ? ` ${JSON.stringify(params.params)}` : '';
  context.show('openNativePage', 'Native page opened', `${params.page}${extra}`);
  return ok();
};
