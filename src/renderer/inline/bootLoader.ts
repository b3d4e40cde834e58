/**
 * index.html's boot loader (bundled into an inline script by scripts/preloadFirstNeedsPlugin.ts),
 * in place of the entry's `<script type="module">` when the build has an early session: signed in,
 * it adds the boot chunk once the early session has started (or after BOOT_WAIT_MS at most), so
 * the crypto comes first on a slow line, with Home's and the tab bar's chunks at the entry URL;
 * signed out, the boot chunk loads at once (docs/architecture.md "Startup"). It reads the startup
 * decision the head script made.
 */
import type { StartupPage } from '@renderer/lib/startupPage';
import { preloadLink } from './firstNeeds';

/** What the build knows: the entry chunk, and Home's and the tab bar's chunks and stylesheets. */
export interface BootValues {
  bootEntry: string;
  homeFiles: readonly string[];
}

/**
 * Longest wait, from the inline script, for the early session to start: a session whose code
 * never arrives must not keep the app's own page from running (it shows its own waiting state).
 */
const BOOT_WAIT_MS = 3_000;

export function run(
  win: {
    document: Document;
    __dlStartup?: StartupPage | undefined;
    setTimeout(callback: () => void, ms: number): unknown;
  },
  values: BootValues,
): void {
  const doc = win.document;
  const load = () => {
    const script = doc.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = values.bootEntry;
    doc.body.appendChild(script);
  };
  const page = win.__dlStartup;
  const early = page?.earlySession;
  if (!early) {
    load();
    return;
  }
  // Signed in at the entry URL: Home's chunks come with the boot chunk, after the session's.
  const bound = new Promise<void>((resolve) => win.setTimeout(resolve, BOOT_WAIT_MS));
  Promise.race([early, bound])
    .then(load, load)
    .then(() => {
      if (!page.decision?.atEntry) return;
      for (const href of values.homeFiles) preloadLink(doc, href);
    });
}
