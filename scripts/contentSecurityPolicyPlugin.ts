/**
 * The web build's Content-Security-Policy as a meta tag (src/shared/csp.ts, vite.web.config.ts),
 * with the hashes of index.html's own inline scripts computed from the final page. First in
 * <head>, so it governs every script that follows.
 */
import type { Plugin } from 'vite';
import { inlineScriptHashes, webCsp } from '../src/shared/csp.ts';

export function contentSecurityPolicyMeta(): Plugin {
  return {
    name: 'content-security-policy-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const policy = webCsp({ scriptHashes: inlineScriptHashes(html) });
        const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
        return html.replace(/<head(\s[^>]*)?>/i, (tag) => `${tag}\n    ${meta}`);
      },
    },
  };
}
