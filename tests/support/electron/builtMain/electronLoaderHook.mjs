// Node ESM loader hooks (node:module `register`) for the built Electron main under Node: the bare
// specifier `electron` — a built-in module inside Electron — is answered by the recording fake
// that the child process put on globalThis (tests/support/electron/builtMain/child.ts). Every
// other specifier goes to Node's own resolution and loading, untouched: what Electron's main
// process does with `"type": "module"` (electron/electron lib/browser/init.ts,
// `runEntryPointWithESMLoader`), so an import Node refuses fails here as it fails there.

const FAKE_SCHEME = 'dl-fake-electron:';

/** The names the fake `electron` module exports (its keys), given by `register`'s data. */
let exportNames = [];

export function initialize(data) {
  exportNames = data.exportNames;
}

export async function resolve(specifier, context, nextResolve) {
  if (specifier !== 'electron') return nextResolve(specifier, context);
  // A second simulator in the same process (a second launch) imports main with ?instance=N and
  // gets its own fake.
  const parent = context.parentURL ? new URL(context.parentURL) : null;
  const instance = parent?.searchParams.get('instance') ?? '1';
  return { url: `${FAKE_SCHEME}${instance}`, shortCircuit: true };
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith(FAKE_SCHEME)) return nextLoad(url, context);
  const instance = JSON.stringify(url.slice(FAKE_SCHEME.length));
  const lines = [
    `const fake = globalThis[Symbol.for('dl.fakeElectron')].get(${instance}).module;`,
    ...exportNames.map((name) => `export const ${name} = fake.${name};`),
    'export default fake;',
  ];
  return { format: 'module', source: lines.join('\n'), shortCircuit: true };
}
