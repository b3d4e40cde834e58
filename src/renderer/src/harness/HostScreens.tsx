/** What the native app shows instead of the webview: the closed page and the kicked-out screen. */
import type { HostView } from '@host/types';
import { KICKED_OUT_TIP } from './labels';

export function HostScreen({ view, onReopen }: { view: HostView; onReopen(): void }) {
  if (view.kind === 'app') return null;
  const kicked = view.kind === 'kicked-out';
  return (
    <div className="sim-screen" role="status" aria-label={kicked ? 'Kicked out' : 'Page closed'}>
      <div className="sim-screen__icon" aria-hidden="true">
        {kicked ? '⎋' : '✕'}
      </div>
      <h2>{kicked ? 'Logged out' : 'Page closed'}</h2>
      <p>
        {kicked
          ? 'The native app signed the user out (kickOut).'
          : 'The native app closed this webview (closePage).'}
      </p>
      {kicked && view.tip ? <p className="sim-screen__tip">{KICKED_OUT_TIP}</p> : null}
      <button className="sim-btn sim-btn--primary" onClick={onReopen}>
        Reopen
      </button>
    </div>
  );
}
