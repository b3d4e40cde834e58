import { type Handler, ok } from './context';

/** The native app closes the webview. */
export const closePage: Handler<'closePage'> = (_params, context) => {
  context.setView({ kind: 'closed' });
  return ok();
};
