/**
 * The web build's stylesheets after the Loading page (vite.web.config.ts): moves the app's
 * stylesheet links from <head> to the end of <body>. The Loading page (inline styles) then paints
 * before they arrive, while module scripts still wait for them (a script never runs before the
 * stylesheets parsed ahead of it), so React never renders unstyled: first contentful paint on a
 * slow network (bench/README.md "startup").
 */
import type { Plugin } from 'vite';

/** index.html with its stylesheet links moved to the end of <body> (unchanged without any). */
export function moveStylesheetsToBodyEnd(html: string): string {
  const links: string[] = [];
  const head = html.replace(/\s*<link rel="stylesheet"[^>]*>/g, (tag) => {
    links.push(tag.trim());
    return '';
  });
  return links.length ? head.replace('</body>', `  ${links.join('\n    ')}\n  </body>`) : html;
}

export function stylesheetsAfterLoadingPage(): Plugin {
  return {
    name: 'stylesheets-after-loading-page',
    transformIndexHtml: { order: 'post', handler: moveStylesheetsToBodyEnd },
  };
}
