/**
 * The relative links of the Markdown documentation, checked: each names a file of the repository
 * and, with `#anchor`, a heading of that file, as GitHub renders it (markdown-it parses the links
 * and headings, github-slugger makes the anchors GitHub makes).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';

const markdown = new MarkdownIt({ html: true });

interface Token {
  type: string;
  tag: string;
  content: string;
  attrGet(name: string): string | null;
  children: Token[] | null;
}

/** The anchors of a Markdown text's headings, deduplicated as GitHub does (`a`, `a-1`, …). */
export function anchorsOf(text: string): Set<string> {
  const slugger = new GithubSlugger();
  const tokens = markdown.parse(text, {}) as Token[];
  const anchors = new Set<string>();
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    const inline = tokens[i + 1];
    // The rendered text: what code spans, emphasis and links show.
    const shown = (inline?.children ?? [])
      .filter((child) => child.type === 'text' || child.type === 'code_inline')
      .map((child) => child.content)
      .join('');
    anchors.add(slugger.slug(shown));
  });
  return anchors;
}

/** Every link target of a Markdown text (inline and reference links), code left out. */
function linksOf(text: string): string[] {
  const links: string[] = [];
  const visit = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (token.type === 'link_open') links.push(token.attrGet('href') ?? '');
      if (token.children) visit(token.children);
    }
  };
  visit(markdown.parse(text, {}) as Token[]);
  return links;
}

export interface BrokenLink {
  /** The document, from the repository root. */
  readonly file: string;
  readonly link: string;
  readonly why: string;
}

/**
 * The Markdown documents of the repository: every `*.md` git keeps but the app's own documents
 * (src/renderer/src/lib/documents/content), whose links are the app's routes.
 */
export function documentationFiles(root: string): string[] {
  return execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '*.md'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
    .split('\0')
    .filter((file) => file && !file.startsWith('src/renderer/src/lib/documents/content/'));
}

/** The relative links of `files` (Markdown, from `root`) that name no file or no heading. */
export function brokenLinks(root: string, files: readonly string[]): BrokenLink[] {
  const broken: BrokenLink[] = [];
  const anchorsByFile = new Map<string, Set<string>>();
  const anchors = (file: string) => {
    let known = anchorsByFile.get(file);
    if (!known) {
      known = anchorsOf(readFileSync(file, 'utf8'));
      anchorsByFile.set(file, known);
    }
    return known;
  };
  for (const file of files) {
    const source = path.join(root, file);
    for (const link of linksOf(readFileSync(source, 'utf8'))) {
      // Links elsewhere (https:, mailto:) are not the repository's.
      if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//')) continue;
      const [target = '', anchor] = link.split('#');
      // `/x` is the repository's root, as GitHub reads it.
      const from = target.startsWith('/') ? root : path.dirname(source);
      const named = target ? path.join(from, decodeURI(target)) : source;
      if (!existsSync(named)) {
        broken.push({ file, link, why: `${path.relative(root, named)} does not exist` });
      } else if (anchor !== undefined) {
        if (statSync(named).isDirectory() || !named.endsWith('.md')) {
          broken.push({ file, link, why: 'an anchor in something other than a Markdown file' });
        } else if (!anchors(named).has(decodeURIComponent(anchor))) {
          broken.push({
            file,
            link,
            why: `${path.relative(root, named)} has no heading #${anchor}`,
          });
        }
      }
    }
  }
  return broken;
}
