import { describe, expect, it } from 'vitest';
import { BLANK, dropDoubleStops, fillText, parseBlocks, parseInline } from './markdown';

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
      new Set(['schedule']),
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

  it('fills known fields as text and blanks unknown or empty ones', () => {
    expect(fillText('Borrower: {{name}}, order {{orderNo}}', { name: 'Maria Santos' })).toBe(
      `Borrower: Maria Santos, order ${BLANK}`,
    );
    expect(fillText('{{name}}', { name: '' })).toBe(BLANK);
  });

  it('a value ending its sentence takes the full stop of the source: no "Corp.."', () => {
    const fields = { companyName: 'Direct Loan Lending Corp.', city: 'Manila' };
    expect(dropDoubleStops('belong to {{companyName}}. You may', fields)).toBe(
      'belong to {{companyName}} You may',
    );
    expect(dropDoubleStops('from **{{companyName}}**.', fields)).toBe('from **{{companyName}}**');
    expect(dropDoubleStops('based in {{city}}.', fields)).toBe('based in {{city}}.');
    expect(dropDoubleStops('{{missing}}.', fields)).toBe('{{missing}}.');
  });

  it('a line that is only a field is a slot only where the page declares one', () => {
    // Without ?orderNo the disclosure statement has no schedule slot for {{loanAmount}}.
    expect(parseBlocks('{{loanAmount}}', new Set(['schedule']))).toEqual([
      { kind: 'paragraph', text: '{{loanAmount}}' },
    ]);
    expect(parseBlocks('{{schedule}}', new Set(['schedule']))).toEqual([
      { kind: 'slot', name: 'schedule' },
    ]);
  });
});
