/**
 * The one zod import of the shared contracts: `zod/mini`, the tree-shakable build (one function
 * per check, `z.optional(x)` rather than `x.optional()`), so a page carries only the parts its
 * schemas use — ≈ 10 kB gzip on Home's path against ≈ 25 kB for the classic build
 * (bench/README.md). English messages everywhere (the mini build has none by default).
 *
 * In a page, zod runs jitless: its fast parsers are compiled with `new Function`, and its probe
 * for that is a CSP violation on every boot under a policy without 'unsafe-eval' (the web build's
 * and the simulator's). Interpreted parsing of these small answers costs microseconds. Node has
 * no CSP and keeps the compiled parsers.
 */
import * as z from 'zod/mini';

z.config(z.locales.en());
if ('document' in globalThis) z.config({ jitless: true });

export { z };
