/**
 * The documentation's relative links name a file and, with an anchor, one of its headings
 * (docs/contributing.md): a page moved or a heading renamed breaks the links to it here first.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { anchorsOf, brokenLinks, documentationFiles } from './docLinks';

const root = path.resolve(import.meta.dirname, '..');

it('every relative link of the documentation names a file and a heading', () => {
  const files = documentationFiles(root);
  expect(files).toEqual(
    expect.arrayContaining(['README.md', 'docs/architecture.md', 'src/renderer/README.md']),
  );
  expect(brokenLinks(root, files)).toEqual([]);
});

describe('the link check', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true }))));

  async function tree(files: Record<string, string>): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'dl-doc-links-'));
    dirs.push(dir);
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), text);
    }
    return dir;
  }

  it('finds a missing page, a missing heading and an anchor in a source file', async () => {
    const dir = await tree({
      'README.md':
        '# Home\n[ok](docs/a.md#the-api-admin) [gone](docs/b.md) [renamed](docs/a.md#startup)\n' +
        '[own](#home) [source](src/x.ts) [line](src/x.ts#L3) [root](/docs/a.md)\n' +
        '`[code](docs/none.md)` [web](https://example.com/x.md)\n',
      'docs/a.md': '# The API: `admin`\n',
      'src/x.ts': '',
    });
    expect(brokenLinks(dir, ['README.md']).map((b) => b.link)).toEqual([
      'docs/b.md',
      'docs/a.md#startup',
      'src/x.ts#L3',
    ]);
  });

  it('makes the anchors GitHub makes', () => {
    const text = [
      '## Dependencies: what we use, what we wrote, and why',
      '### Matrix and `npm run shots`',
      '## Notes',
      '## Notes',
      '```md',
      '# not a heading',
      '```',
    ].join('\n');
    expect([...anchorsOf(text)]).toEqual([
      'dependencies-what-we-use-what-we-wrote-and-why',
      'matrix-and-npm-run-shots',
      'notes',
      'notes-1',
    ]);
  });
});
