/**
 * The app's own screen when app-config.json cannot be loaded speaks to whoever deploys it
 * ("Deploy an app-config.json beside index.html", DESIGN.md §3): right for production, no help to
 * a tester, whose phone simply had no network when the app started or whose dev server stopped.
 * The harness recognises that failure in what the app logs (`console.error('App init failed', …)`
 * from main.tsx, `… could not be loaded` from config/loadAppConfig.ts) and says what to do.
 */
import { APP_CONFIG_FILE } from '@shared/constants';

const CONFIG_FAILURE = new RegExp(
  `^console\\.error: App init failed (${APP_CONFIG_FILE.replace('.', '\\.')} [\\s\\S]*)$`,
);

/** The reason when `appError` (as the phone reports it) is the app failing to load its config. */
export function configFailureOf(appError: string): string | null {
  return CONFIG_FAILURE.exec(appError)?.[1] ?? null;
}

/** What a tester can do about it, in the simulator. */
export function configFailureAdvice(online: boolean): string {
  return online
    ? 'In the simulator this means the dev server (npm run dev:web) or the mock server did not ' +
        'answer when the app started. Check the terminal, then press Reload app.'
    : 'The phone was offline when the app started, so it could not fetch its configuration. ' +
        'Turn Online back on: the app starts again by itself.';
}
