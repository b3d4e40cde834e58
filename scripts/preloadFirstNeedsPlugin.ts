/**
 * The web build's first open (vite.web.config.ts): index.html starts fetching, in parallel with
 * the boot chunk, what the page needs first and the boot chunk could only ask for once it has run
 * (each a round trip later on a slow network), starts the encrypted session before the boot
 * chunk, and paints a first frame made from the app's own views (docs/deployment.md,
 * "Preloads"; docs/architecture.md "Startup": early session, first frame).
 *
 * What those needs are is src/renderer/src/firstNeeds.ts, read through the import graph: every
 * module it imports is resolved as the bundler resolves it, and the chunks holding those modules
 * (with their imports off the boot path, and their stylesheets) are what index.html preloads. A
 * need that cannot be resolved, or whose module ends up in no chunk, fails the build: a rename
 * never drops a preload or a frame's stylesheet silently. The same graph makes the shared
 * chunks (`chunkGroups`): on the first open, what both entries import, with what the table adds
 * (`boot-shared`), the early session's entry with its own modules (`session`, which the entry's
 * chunk takes) and what Home shares with the other tab pages (`home-shared`); after it, Toast
 * and Dialog (`feedback`) and Home's banner carousel (`carousel`), each beyond the first open's
 * modules.
 *
 * index.html gets, in <head>: the first frames' `<template>`s (rendered from the app's React
 * views, src/renderer/inline/frameTemplates.tsx) and one inline script (src/renderer/inline/head.ts:
 * the startup decision, the preloads, the early session, the first frame); in <body>, in place of
 * the entry's `<script type="module">`, the boot loader (src/renderer/inline/bootLoader.ts), which
 * adds the boot chunk once the early session has started. bench/bundle.ts reads the
 * scripts' `const` lines: it counts the host implementation in the boot path and the rest in the
 * Login and Home figures.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { FIRST_NEEDS_MODULE, readFirstNeeds } from './firstNeedsTable.ts';
import { bundleInlineScript, frameTemplatesHtml, inlineScript } from './inlineScripts.ts';

/** The needs this build uses, by their names in the table. */
export const NEEDS = [
  'host',
  'web',
  'api',
  'login',
  'home',
  'tabBar',
  'earlySession',
  'bootShared',
  'homeShared',
  'feedback',
  'carousel',
] as const;
type Need = (typeof NEEDS)[number];

/** What index.html's head script preloads, by need (src/renderer/inline/firstNeeds.ts). */
const PRELOADED = ['host', 'web', 'api', 'login'] as const;

/** A module id as the bundler gives it, with `/` separators. */
const normal = (id: string) => id.replaceAll('\\', '/');

interface OutputChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  moduleIds: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** A chunk group of rolldown's `codeSplitting` (vite.web.config.ts). */
interface ChunkGroup {
  name: string;
  test: (id: string) => boolean;
  includeDependenciesRecursively?: boolean;
}

/** The web build's first-open plugin, and the chunk groups it computes from the graph. */
export interface FirstOpen {
  plugin: Plugin;
  chunkGroups: ChunkGroup[];
}

/**
 * `root`: the repository (configs are bundled elsewhere before they run, so this file cannot
 * find its own place).
 */
export function firstOpen(root: string): FirstOpen {
  const tableFile = path.join(root, FIRST_NEEDS_MODULE);
  const inline = path.join(root, 'src/renderer/inline');
  /** Each need's modules, resolved. */
  const needIds = new Map<Need, Set<string>>();
  /** What both entries import (filled once the graph is built, before chunks are made). */
  let bootShared = new Set<string>();
  let session = new Set<string>();
  let homeShared = new Set<string>();
  let feedback = new Set<string>();
  let carousel = new Set<string>();
  const idsOf = (need: Need): Set<string> => {
    const ids = needIds.get(need);
    if (!ids) throw new Error(`first need "${need}" was not resolved`);
    return ids;
  };

  const plugin: Plugin = {
    name: 'first-open',
    apply: 'build',
    async buildStart() {
      needIds.clear();
      const table = readFirstNeeds(tableFile);
      for (const need of NEEDS) {
        const specifiers = table.get(need);
        if (!specifiers) this.error(`${FIRST_NEEDS_MODULE} names no first need "${need}"`);
        const ids = new Set<string>();
        for (const specifier of specifiers) {
          const resolved = await this.resolve(specifier, tableFile);
          if (!resolved || resolved.external) {
            this.error(`first need "${need}": ${specifier} (${FIRST_NEEDS_MODULE}) is not found`);
          }
          ids.add(normal(resolved.id));
        }
        needIds.set(need, ids);
      }
    },
    buildEnd(error) {
      if (error) return;
      const info = (id: string) => this.getModuleInfo(id);
      /** Every module `from` imports statically, itself included. */
      const closure = (from: Iterable<string>): Set<string> => {
        const seen = new Set<string>();
        const todo = [...from];
        for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          todo.push(...(info(id)?.importedIds ?? []));
        }
        return seen;
      };
      const ids = [...this.getModuleIds()];
      const early = ids.filter((id) => idsOf('earlySession').has(normal(id)));
      const boot = ids.filter((id) => info(id)?.isEntry && !early.includes(id));
      if (early.length === 0 || boot.length === 0) {
        this.error('the web build has no boot entry or no early session entry');
      }
      const earlyClosure = closure(early);
      bootShared = new Set([
        ...[...closure(boot)]
          .filter((id) => earlyClosure.has(id) && !early.includes(id))
          .map(normal),
        ...idsOf('bootShared'),
      ]);
      // The early session's entry with the rest of its graph, less what the host implementations
      // import (every page loads one, public pages too, which must never fetch the session's
      // code): the entry's one chunk.
      const hosts = closure(
        ids.filter((id) => idsOf('host').has(normal(id)) || idsOf('web').has(normal(id))),
      );
      session = new Set(
        [...earlyClosure]
          .filter((id) => !hosts.has(id))
          .map(normal)
          .filter((id) => !bootShared.has(id)),
      );
      // Home's shared modules with their own stylesheets (a stylesheet goes with its chunk).
      homeShared = new Set(idsOf('homeShared'));
      for (const id of ids.filter((id) => homeShared.has(normal(id)))) {
        for (const css of info(id)?.importedIds ?? []) {
          if (css.endsWith('.css')) homeShared.add(normal(css));
        }
      }
      // What loads after the first page, each need's graph beyond the first open's in one chunk:
      // rolldown splits antd-mobile by what each lazy page shares, a dozen small requests that
      // always come together. The first open's modules stay where they are (grouping them would
      // put them, and the group, on the first open).
      const firstOpenNeeds: Need[] = ['host', 'web', 'api', 'login', 'home', 'tabBar'];
      const firstOpenIds = closure([
        ...boot,
        ...early,
        ...ids.filter((id) => firstOpenNeeds.some((need) => idsOf(need).has(normal(id)))),
        ...ids.filter((id) => homeShared.has(normal(id))),
      ]);
      const later = (need: Need, taken: Set<string>) =>
        new Set(
          [...closure(ids.filter((id) => idsOf(need).has(normal(id))))]
            .filter((id) => !firstOpenIds.has(id))
            .map(normal)
            .filter((id) => !taken.has(id)),
        );
      feedback = later('feedback', new Set());
      carousel = later('carousel', feedback);
    },
    generateBundle(_options, bundle) {
      const names = new Set(Object.values(bundle).map((output) => output.name));
      for (const group of ['boot-shared', 'home-shared', 'feedback', 'carousel']) {
        if (!names.has(group)) this.error(`the web build made no ${group} chunk`);
      }
      // The session group joins the early session's entry: one chunk, one request.
      const holders = Object.values(bundle).filter(
        (output) =>
          output.type === 'chunk' && output.moduleIds.some((id) => session.has(normal(id))),
      );
      const [holder, ...more] = holders;
      if (!holder || more.length > 0 || holder.type !== 'chunk' || !holder.isEntry) {
        this.error(
          `the early session's code is in ${holders.length} chunks (${holders.map((o) => o.fileName).join(', ')}), not its entry's one`,
        );
      }
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter(
          (output) => output.type === 'chunk',
        ) as unknown as OutputChunk[];
        const isEarly = (chunk: OutputChunk) =>
          chunk.facadeModuleId !== null && idsOf('earlySession').has(normal(chunk.facadeModuleId));
        const entry = chunks.find((chunk) => chunk.isEntry && !isEarly(chunk));
        const earlySession = chunks.find((chunk) => chunk.isEntry && isEarly(chunk));
        if (!entry || !earlySession) throw new Error('first-open: an entry chunk is missing');
        const boot = new Set([entry.fileName, ...entry.imports]);
        /** The chunks holding a need's modules, their imports off the boot path, their CSS. */
        const filesOf = (need: Need): string[] => {
          const wanted = idsOf(need);
          const files = new Set<string>();
          const add = (fileName: string) => {
            if (boot.has(fileName) || files.has(fileName)) return;
            files.add(fileName);
            const chunk = chunks.find((c) => c.fileName === fileName);
            for (const css of chunk?.viteMetadata?.importedCss ?? []) files.add(css);
            for (const imported of chunk?.imports ?? []) add(imported);
          };
          const holders = chunks.filter((chunk) =>
            chunk.moduleIds.some((id) => wanted.has(normal(id))),
          );
          // A need the boot chunk holds already needs no preload; one held nowhere is an error.
          if (holders.length === 0) {
            throw new Error(`first-open: no chunk holds the first need "${need}"`);
          }
          for (const chunk of holders) add(chunk.fileName);
          return [...files].map((file) => `./${file}`);
        };
        const preloads = Object.fromEntries(PRELOADED.map((need) => [need, filesOf(need)]));
        // The session's start, ahead of the rest of the API client's chunks on the line.
        preloads.api = [...new Set([...filesOf('earlySession'), ...(preloads.api ?? [])])];
        const css = (files: readonly string[]) => files.filter((file) => file.endsWith('.css'));
        // The app's own stylesheets (its entry's) style every frame: a frame painted before they
        // apply would move when they do.
        const appCss = [...(entry.viteMetadata?.importedCss ?? [])].map((file) => `./${file}`);
        const frame = { appCss, homeCss: css(filesOf('home')), loginCss: css(filesOf('login')) };
        const sessionEntry = `./${earlySession.fileName}`;
        const [head, loader, templates] = await Promise.all([
          bundleInlineScript(root, path.join(inline, 'head.ts')),
          bundleInlineScript(root, path.join(inline, 'bootLoader.ts')),
          frameTemplatesHtml(root),
        ]);
        const headScript = inlineScript(head, { preloads, sessionEntry, frame });
        const withHead = html.replace('</head>', `  ${templates}\n    ${headScript}\n  </head>`);
        const tag = new RegExp(
          `\\s*<script type="module" crossorigin src="\\./${entry.fileName.replace(/[.]/g, '\\.')}"></script>`,
        );
        if (!tag.test(withHead)) throw new Error('first-open: the entry script tag is missing');
        const bootEntry = `./${entry.fileName}`;
        const homeFiles = [...new Set([...filesOf('home'), ...filesOf('tabBar')])];
        const bootLoader = inlineScript(loader, { bootEntry, homeFiles });
        // Right after the Loading page, before the stylesheets moved to the body's end: an inline
        // script after a stylesheet waits for it.
        const body = withHead.replace(tag, '');
        const at = body.indexOf('<link', body.indexOf('<body'));
        const end = at === -1 ? body.indexOf('</body>') : at;
        return `${body.slice(0, end)}${bootLoader}\n    ${body.slice(end)}`;
      },
    },
  };

  const chunkGroups: ChunkGroup[] = [
    { name: 'boot-shared', test: (id) => bootShared.has(normal(id)) },
    {
      name: 'session',
      test: (id) => session.has(normal(id)),
      includeDependenciesRecursively: false,
    },
    {
      name: 'home-shared',
      test: (id) => homeShared.has(normal(id)),
      includeDependenciesRecursively: false,
    },
    {
      name: 'feedback',
      test: (id) => feedback.has(normal(id)),
      includeDependenciesRecursively: false,
    },
    {
      name: 'carousel',
      test: (id) => carousel.has(normal(id)),
      includeDependenciesRecursively: false,
    },
  ];
  return { plugin, chunkGroups };
}
