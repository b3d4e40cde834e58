/**
 * The web build's first preloads (vite.web.config.ts): index.html starts fetching, in parallel
 * with the boot chunk, what the page needs first and the boot chunk could only ask for once it
 * has run (each a round trip later on a slow network): the host implementation of this page (the
 * bridge's inside a native host, else the web's), and what the first page needs — Login for a
 * borrower signed out; inside a host or with a saved login, the API client with the crypto
 * library (the first calls wait for them). Stylesheets of those chunks are preloaded too. Home's
 * own chunks are not: sharing the slow link with the boot chunk and the crypto library they
 * delayed the handshake by more than they saved (cold Home 2.40 s with them, 2.26 s without);
 * main.tsx asks for them once the boot chunk runs, and they arrive before Home's data.
 * Signed in, the script also imports the early session's entry (src/renderer/src/earlySession.ts)
 * and a second script adds the boot chunk once that session has started, with Home's and the tab
 * bar's chunks at the entry URL: the crypto comes first on a slow line (README "Early session").
 * bench/bundle.ts reads the script's lists: it counts the host implementation in the boot path
 * and the rest in the Login and Home figures.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { minifySync, type Plugin } from 'vite';
import { AREA_CODES, DEFAULT_AREA_CODE, SMS_CODE_LENGTH } from '../src/shared/constants';

/** Module ids (normalised to `/`) whose chunks index.html preloads, by what they are for. */
const FIRST_NEEDS = {
  /** Booting inside a native host: the bridge's host implementation. */
  host: /\/src\/renderer\/src\/native\/nativeBridgeHost\.ts$/,
  /** Booting on the web: the web host implementation. */
  web: /\/src\/renderer\/src\/native\/webHost\.ts$/,
  /** A signed-in first screen's calls: the API client, its endpoint table, the crypto library. */
  api: /\/(libsignal-protocol-typescript|@noble\/curves)\/|\/src\/shared\/(transport\/(client|xeddsa)|api\/endpoints)\.ts$|\/src\/renderer\/src\/services\/signalSessions\.ts$/,
  /** The first page signed out: Login. */
  login: /\/src\/renderer\/src\/features\/login\/LoginScreen\.tsx$/,
};

/** Home's screen: its stylesheets style the first frame index.html paints on a second open. */
const HOME_SCREEN = /\/src\/renderer\/src\/features\/home\/HomeScreen\.tsx$/;
/** The second entry: the session's start before the boot chunk (src/renderer/src/earlySession.ts). */
const EARLY_SESSION = /\/src\/renderer\/src\/earlySession\.ts$/;
/** The module a chunk was made for, normalised to `/` ('' for a shared chunk). */
const moduleId = (chunk: { facadeModuleId: string | null }) =>
  (chunk.facadeModuleId ?? '').replaceAll('\\', '/');
/** The tab bar under Home (shell/AppLayout.tsx loads it with the first tab page). */
const TAB_BAR = /\/src\/renderer\/src\/shell\/TabBar\.tsx$/;
const INLINE = resolve(import.meta.dirname, '../src/renderer/inline');
const FIRST_FRAME_SCRIPT = resolve(INLINE, 'firstFrame.js');
const FIRST_NEEDS_SCRIPT = resolve(INLINE, 'firstNeeds.js');
const BOOT_LOADER_SCRIPT = resolve(INLINE, 'bootLoader.js');

/**
 * An inline `<script>` from a file of src/renderer/inline (plain JavaScript, typed by JSDoc and
 * checked like the rest): the build's values as `const` lines first (bench/bundle.ts and the e2e
 * specs read them from the page), then the file and the call of its function, minified.
 */
function inlineScript(file: string, values: Record<string, unknown>, call: string): string {
  const names = Object.keys(values);
  const consts = names.map((name) => `const ${name} = ${JSON.stringify(values[name])};`);
  // Minified with its call, so the minifier sees the function used; the values stay outside it.
  const source = `(() => {\n${readFileSync(file, 'utf8')}\n${call}(window, ${names.join(', ')});\n})();`;
  const code = minifySync(file, source, { compress: true, mangle: true }).code.trim();
  return `<script>(() => {\n${consts.join('\n')}\n${code}\n})();</script>`;
}

/** The inline script, written into index.html after the build knows its chunks. */
export function preloadFirstNeeds(): Plugin {
  return {
    name: 'preload-first-needs',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((output) => output.type === 'chunk');
        const boot = new Set<string>();
        const entry = chunks.find((chunk) => chunk.isEntry && !EARLY_SESSION.test(moduleId(chunk)));
        const earlySession = chunks.find(
          (chunk) => chunk.isEntry && EARLY_SESSION.test(moduleId(chunk)),
        );
        if (entry) for (const file of [entry.fileName, ...entry.imports]) boot.add(file);
        /** The chunks holding matching modules, their imports off the boot path, their CSS. */
        const filesOf = (pattern: RegExp): string[] => {
          const files = new Set<string>();
          const add = (fileName: string) => {
            if (boot.has(fileName) || files.has(fileName)) return;
            files.add(fileName);
            const chunk = chunks.find((c) => c.fileName === fileName);
            for (const css of chunk?.viteMetadata?.importedCss ?? []) files.add(css);
            for (const imported of chunk?.imports ?? []) add(imported);
          };
          for (const chunk of chunks) {
            const ids = Object.keys(chunk.modules).map((id) => id.replaceAll('\\', '/'));
            if (ids.some((id) => pattern.test(id))) add(chunk.fileName);
          }
          return [...files].map((file) => `./${file}`);
        };
        const preloads = Object.fromEntries(
          Object.entries(FIRST_NEEDS).map(([need, pattern]) => [need, filesOf(pattern)]),
        );
        // The session's start, ahead of the rest of the API client's chunks on the line.
        if (earlySession) {
          const session = filesOf(EARLY_SESSION);
          preloads.api = [...new Set([...session, ...(preloads.api ?? [])])];
        }
        const sessionEntry = earlySession ? `./${earlySession.fileName}` : '';
        const css = (files: string[]) => files.filter((file) => file.endsWith('.css'));
        // What the first frame needs (src/renderer/inline/firstFrame.js): Home's and Login's
        // stylesheets, and Login's area codes on the web (rules/loginValidation.ts).
        const needs = {
          homeCss: css(filesOf(HOME_SCREEN)),
          loginCss: css(filesOf(FIRST_NEEDS.login)),
          areaCodes: AREA_CODES,
          defaultAreaCode: DEFAULT_AREA_CODE,
          codeLength: SMS_CODE_LENGTH,
        };
        const firstFrame = readFileSync(FIRST_FRAME_SCRIPT, 'utf8');
        const script = inlineScript(
          FIRST_NEEDS_SCRIPT,
          { preloads, sessionEntry },
          'preloadFirstNeeds',
        );
        // The first frame: Home's kept one, or Login (src/renderer/inline/firstFrame.js),
        // minified: every page load carries it in the HTML.
        const frameCode = minifySync(
          'firstFrame.js',
          `(() => {\n${firstFrame}\npaintFirstFrame(window, ${JSON.stringify(needs)});\n})();`,
          { compress: true, mangle: true },
        ).code.trim();
        const frameScript = `<script>${frameCode}</script>`;
        const withHead = html.replace('</head>', `  ${script}\n    ${frameScript}\n  </head>`);
        if (!entry || !earlySession) return withHead;
        const tag = new RegExp(
          `\\s*<script type="module" crossorigin src="\\./${entry.fileName.replace(/[.]/g, '\\.')}"></script>`,
        );
        if (!tag.test(withHead))
          throw new Error('preload-first-needs: the entry script tag is missing');
        const bootEntry = `./${entry.fileName}`;
        const homeFiles = [...new Set([...filesOf(HOME_SCREEN), ...filesOf(TAB_BAR)])];
        const loader = inlineScript(BOOT_LOADER_SCRIPT, { bootEntry, homeFiles }, 'loadBootChunk');
        // Right after the Loading page, before the stylesheets moved to the body's end: an inline
        // script after a stylesheet waits for it.
        const body = withHead.replace(tag, '');
        const at = body.indexOf('<link', body.indexOf('<body'));
        const end = at === -1 ? body.indexOf('</body>') : at;
        return `${body.slice(0, end)}${loader}\n    ${body.slice(end)}`;
      },
    },
  };
}
