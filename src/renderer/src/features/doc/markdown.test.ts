import { describe, expect, it } from 'vitest';
import { BLANK, fillFields, parseBlocks, parseInline } from './markdown';

describe('document markdown', () => {
  it('parses headings, paragraphs, both lists, continued items and slots', () => {
    const blocks = parseBlocks(
      [
        '# Title',
        '',
        'First line',
        'same paragraph.',
        '',
        '## Part',
        '- one',
        '  continued',
        '- two',
        '1. first',
        '2. second',
        '{{schedule}}',
        '### Small',
      ].join('\n'),
    );
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Title' },
      { kind: 'paragraph', text: 'First line\nsame paragraph.' },
      { kind: 'heading', level: 2, text: 'Part' },
      { kind: 'list', ordered: false, items: ['one continued', 'two'] },
      { kind: 'list', ordered: true, items: ['first', 'second'] },
      { kind: 'slot', name: 'schedule' },
      { kind: 'heading', level: 3, text: 'Small' },
    ]);
  });

  it('splits bold and links out of text', () => {
    expect(parseInline('Read **this** and [the rules](/doc/about_us).')).toEqual([
      { kind: 'text', text: 'Read ' },
      { kind: 'bold', text: 'this' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'the rules', target: '/doc/about_us' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('fills known fields, blanks unknown ones, keeps unfilled slots', () => {
    const text = 'Borrower: {{name}}, order {{orderNo}}\n{{schedule}}\n';
    expect(fillFields(text, { name: 'Maria Santos' })).toBe(
      `Borrower: Maria Santos, order ${BLANK}\n{{schedule}}\n`,
    );
    expect(fillFields('{{name}}', { name: '' })).toBe(BLANK);
  });
});
