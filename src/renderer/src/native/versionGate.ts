/** The app version gate of PRODUCT.md §5. Pure. */
import semverGte from 'semver/functions/gte';
import semverValid from 'semver/functions/valid';

/** True only when both versions are valid semver and `appVersion` is at least `target`. */
export function versionAtLeast(appVersion: string, target: string): boolean {
  if (semverValid(appVersion) === null || semverValid(target) === null) return false;
  return semverGte(appVersion, target);
}
