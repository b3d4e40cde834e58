/**
 * The panel's first lines: how the phone is isolated and which app it loads, each with its why
 * one click away (phoneNotes.ts). A browser that refused the phone storage is said out loud.
 */
import type { PhoneBundleMode } from '@host/phoneBundle';
import { appSourceDetail, appSourceSummary, isolationDetail, isolationSummary } from './phoneNotes';
import type { PhoneIsolation, StorageVerdict } from './phoneIsolation';

interface Props {
  isolation: PhoneIsolation;
  /** The current app's origin (null on a shared origin). */
  phoneOrigin: string | null;
  appMode: PhoneBundleMode | null;
  /** The relay's verdict for the phone on screen: a refusal is shown as an alert. */
  storage: StorageVerdict | null;
}

export function PhoneInfo({ isolation, phoneOrigin, appMode, storage }: Props) {
  const app = appSourceSummary(appMode);
  const appDetail = appSourceDetail(appMode);
  return (
    <section
      className={`sim-info${appMode === 'dev-server' ? ' sim-info--dev' : ''}`}
      aria-label="Phone isolation and app"
    >
      <details>
        <summary className="sim-info__summary">
          {isolationSummary(isolation)}
          {app ? ` · ${app}` : ''}
        </summary>
        {isolationDetail(isolation, phoneOrigin).map((line) => (
          <p key={line}>{line}</p>
        ))}
        {appDetail ? <p>{appDetail}</p> : null}
      </details>
      {storage && !storage.allowed ? (
        <p className="sim-error" role="alert">
          {`This browser refused the phone storage (“${storage.detail}”): the app cannot keep its login or drafts here. `}
          {isolation.arrangement === 'cross-site'
            ? 'Reload the harness: it then moves to harness.localhost, where the phone is a first-party frame.'
            : 'Allow site data for harness.localhost in the browser’s settings.'}
        </p>
      ) : null}
    </section>
  );
}
