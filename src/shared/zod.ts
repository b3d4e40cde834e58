/**
 * The one zod import of the shared contracts. In a page, zod runs jitless: its fast parsers are
 * compiled with `new Function`, and its probe for that is a CSP violation on every boot under a
 * policy without 'unsafe-eval' (the web build's and the simulator's). Interpreted parsing of
 * these small answers costs microseconds. Node has no CSP and keeps the compiled parsers.
 */
import { config, z } from 'zod';

if ('document' in globalThis) config({ jitless: true });

export { z };
