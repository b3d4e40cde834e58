/**
 * index.html's inline scripts and first-frame templates, made at build time from TypeScript
 * (scripts/preloadFirstNeedsPlugin.ts): each script of src/renderer/inline is bundled with what
 * it imports from the app (the startup decision, storage keys, the §5 rules, the record seal)
 * into one classic script on the browser floor, and the first frames' markup is rendered from
 * the app's own React views (src/renderer/inline/frameTemplates.tsx) by react-dom/server, so no
 * copy of either is ever written by hand.
 */
import path from 'node:path';
import { build, runnerImport } from 'vite';
import { floorTargets } from './browser-targets.mjs';
import { libraryBuiltInsOnTheFloor } from './libraryBuiltInsOnTheFloorPlugin.ts';
import { pathAliases } from './pathAliases.ts';

/** The global an inline bundle's exports are put in, inside the script's own function scope. */
const BUNDLE_NAME = 'inline';

/**
 * `entry` bundled into a classic script that defines `inline` (its exports) in the scope it
 * runs in: the caller wraps it in a function with the call of its `run`.
 */
export async function bundleInlineScript(root: string, entry: string): Promise<string> {
  const result = await build({
    configFile: false,
    root: path.dirname(entry),
    publicDir: false,
    resolve: { alias: pathAliases(root) },
    plugins: [libraryBuiltInsOnTheFloor()],
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      target: floorTargets(),
      lib: { entry, formats: ['iife'], name: BUNDLE_NAME, fileName: () => 'inline.js' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as {
    output: { type: string; code?: string }[];
  }[];
  const chunks = outputs.flatMap((o) => o.output).filter((o) => o.type === 'chunk');
  if (chunks.length !== 1 || !chunks[0]?.code) {
    throw new Error(`${path.relative(root, entry)} did not bundle into one script`);
  }
  return chunks[0].code.trim();
}

/**
 * An inline `<script>`: the build's values as `const` lines first (bench/bundle.ts and the e2e
 * specs read them from the page), then the bundle and the call of its `run` with them.
 */
export function inlineScript(bundle: string, values: Record<string, unknown>): string {
  const names = Object.keys(values);
  const consts = names.map((name) => `const ${name} = ${JSON.stringify(values[name])};`);
  const call = `${BUNDLE_NAME}.run(window, { ${names.join(', ')} });`;
  return `<script>(() => {\n${consts.join('\n')}\n${bundle}\n${call}\n})();</script>`;
}

/** The first frames' `<template>`s, rendered from the app's views (frameTemplates.tsx). */
export async function frameTemplatesHtml(root: string): Promise<string> {
  const file = path.join(root, 'src/renderer/inline/frameTemplates.tsx');
  const { module } = await runnerImport<{ frameTemplates(): string }>(file, {
    configFile: false,
    root,
    logLevel: 'silent',
    resolve: { alias: pathAliases(root) },
  });
  return module.frameTemplates();
}
