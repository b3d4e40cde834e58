import { type Handler, ok } from './context';

/** The native app logs out and replaces the webview with its kicked-out screen. */
export const kickOut: Handler<'kickOut'> = (params, context) => {
  context.signOut();
  context.setView({ kind: 'kicked-out', tip: params.tip });
  return ok();
};
