/**
 * The saved user record (`dl.user`) and its seal (lib/recordSeal.ts): whether the record found
 * at start is one this app wrote in this browser, and the seal of each record it writes. What the
 * record holds beside its token — the user, the loan figures, Home's kept frame — is shown before
 * the server answers only when it is sealed (DESIGN.md §6: only the app's own, for this session).
 */
import { sealShape } from '@renderer/lib/bootShapes';
import { isSealed, sealOf } from '@renderer/lib/recordSeal';
import { startupPage } from '@renderer/lib/startupPage';
import { JsonStorage, type KeyValueStorage, StorageKey } from '@renderer/lib/storage';

/** How UserStore vouches for its saved record. */
export interface UserRecordSeal {
  /** The record found at start carries this browser's seal. */
  readonly trusted: boolean;
  /** The seal of a record's text (undefined where nothing can be sealed). */
  seal(text: string): Promise<string | undefined>;
}

/** True when the saved record's text carries this browser's seal. */
export function savedUserSealed(backend: KeyValueStorage): Promise<boolean> {
  let text: string | null;
  try {
    text = backend.getItem(StorageKey.user);
  } catch {
    return Promise.resolve(false);
  }
  const seal = new JsonStorage(backend).read(StorageKey.userSeal, sealShape);
  return text === null || seal === undefined ? Promise.resolve(false) : isSealed(text, seal);
}

/**
 * Whether the record found at the page's start is sealed, asked once per page (IndexedDB is slow
 * to open on a slow phone): index.html's inline script asks first, the app takes its answer.
 */
export function startRecordSealed(backend: KeyValueStorage): Promise<boolean> {
  const page = startupPage();
  page.recordSealed ??= savedUserSealed(backend);
  return page.recordSealed;
}

/** The seal of the record found at start, and the means to seal the next ones. */
export async function userRecordSeal(backend: KeyValueStorage): Promise<UserRecordSeal> {
  return { trusted: await startRecordSealed(backend), seal: sealOf };
}
