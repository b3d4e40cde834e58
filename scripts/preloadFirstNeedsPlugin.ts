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
const FIRST_FRAME_SCRIPT = resolve(import.meta.dirname, '../src/renderer/inline/firstFrame.js');

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
        const script = `<script>
      (() => {
        const preloads = ${JSON.stringify(preloads)};
        const inHost = Boolean(window.nativeBridge);
        let signedIn = inHost;
        // No optional chaining: this script is not lowered to the browser floor like the bundle.
        try {
          signedIn ||= Boolean((JSON.parse(localStorage.getItem('dl.user') ?? 'null') || {}).tokenValue);
        } catch {}
        const files = new Set([
          ...(inHost ? preloads.host : preloads.web),
          ...(signedIn ? preloads.api : preloads.login),
        ]);
        for (const href of files) {
          const link = document.createElement('link');
          if (href.endsWith('.css')) {
            link.rel = 'preload';
            link.as = 'style';
          } else {
            link.rel = 'modulepreload';
          }
          // As Vite's own preloads and stylesheet links ask: a preload made otherwise is not used.
          link.crossOrigin = '';
          link.href = href;
          document.head.appendChild(link);
        }
        // Signed in: the session starts now, before the boot chunk is on the line
        // (src/renderer/src/services/earlySession.ts); the app adopts it.
        const sessionEntry = ${JSON.stringify(sessionEntry)};
        if (sessionEntry && signedIn) {
          window.__earlySession = import(sessionEntry).then(() => window.__earlySessionStart);
          window.__earlySession.catch(() => {});
        }
      })();
    </script>`;
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
        const loader = `<script>
      (() => {
        const bootEntry = ${JSON.stringify(`./${entry.fileName}`)};
        const load = () => {
          const script = document.createElement('script');
          script.type = 'module';
          script.crossOrigin = '';
          script.src = bootEntry;
          document.body.appendChild(script);
        };
        const early = window.__earlySession;
        if (!early) return load();
        // Signed in at the entry URL: Home's chunks come with the boot chunk, after the session's.
        const base = new URL(document.baseURI).pathname;
        const path = location.pathname;
        const home = path === base || path === base + 'index.html' || path + '/' === base;
        early.then(load, load).then(() => {
          if (!home) return;
          for (const href of ${JSON.stringify([...new Set([...filesOf(HOME_SCREEN), ...filesOf(TAB_BAR)])])}) {
            const link = document.createElement('link');
            link.rel = href.endsWith('.css') ? 'preload' : 'modulepreload';
            if (href.endsWith('.css')) link.as = 'style';
            link.crossOrigin = '';
            link.href = href;
            document.head.appendChild(link);
          }
        });
      })();
    </script>`;
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
