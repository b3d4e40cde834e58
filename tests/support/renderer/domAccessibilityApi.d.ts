// dom-accessibility-api ships its types (dist/index.d.ts) but its package.json `exports` map has
// no `types` condition, so TypeScript's bundler resolution cannot find them: the one function the
// tests use, as the package declares it.
declare module 'dom-accessibility-api' {
  export function computeAccessibleName(root: Element): string;
}
