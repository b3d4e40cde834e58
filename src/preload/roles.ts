/**
 * Which window a preload runs in. Main passes `--dl-role=app|panel` and `--dl-profile=<profile>`
 * through `webPreferences.additionalArguments`; both run in sandboxed renderers.
 */
export const ROLE_ARG = '--dl-role=';
export const PROFILE_ARG = '--dl-profile=';

type PreloadRole = 'app' | 'panel' | 'none';

interface PreloadConfig {
  role: PreloadRole;
  /** The web profile has no native host: the app window gets no bridge at all. */
  exposeBridge: boolean;
}

export function readPreloadConfig(argv: readonly string[]): PreloadConfig {
  const value = (prefix: string) => argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
  const roleArg = value(ROLE_ARG);
  const role: PreloadRole = roleArg === 'app' || roleArg === 'panel' ? roleArg : 'none';
  return { role, exposeBridge: role === 'app' && value(PROFILE_ARG) !== 'web' };
}
