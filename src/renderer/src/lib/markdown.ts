/**
 * The small Markdown subset the documents are written in (content/*.md): `#`–`###` headings,
 * paragraphs (their line breaks kept, for field blocks like "Order No." / "Date"), `-` and `1.`
 * lists, `**bold**`, `[text](target)` links and `{{name}}` fields filled from the order. A line
 * that is only `{{name}}` of a slot the page declares is rendered by the page (the repayment
 * schedule). Parsed to data, rendered as React elements: no HTML injection.
 *
 * Fields are filled as text AFTER parsing (`fillText` on text runs), never into the source: a
 * borrower name such as `[Verify](javascript:…)` from the server stays those characters, and
 * links come only from the document source.
 */
import { lastOf } from '@shared/portable';

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'slot'; name: string };

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'bold'; text: string }
  | { kind: 'link'; text: string; target: string };

/** What an unfilled field shows: a blank to write on, as on a paper form. */
export const BLANK = '________';

const SLOT = /^\{\{(\w+)\}\}$/;
const ITEM = /^(-|\d+\.)\s+(.*)$/;

export function parseBlocks(source: string, slotNames: ReadonlySet<string> = new Set()): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join('\n') });
    paragraph = [];
  };
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const item = ITEM.exec(line);
    const slotMatch = SLOT.exec(line);
    const slot = slotMatch && slotNames.has(slotMatch[1]!) ? slotMatch : null;
    if (line === '') {
      flush();
    } else if (heading) {
      flush();
      const level = heading[1]!.length as 1 | 2 | 3;
      blocks.push({ kind: 'heading', level, text: heading[2]! });
    } else if (slot) {
      flush();
      blocks.push({ kind: 'slot', name: slot[1]! });
    } else if (item) {
      flush();
      const ordered = item[1] !== '-';
      const last = lastOf(blocks);
      if (last?.kind === 'list' && last.ordered === ordered) last.items.push(item[2]!);
      else blocks.push({ kind: 'list', ordered, items: [item[2]!] });
    } else {
      const last = lastOf(blocks);
      // An indented line right after a list item continues that item.
      if (paragraph.length === 0 && raw.startsWith('  ') && last?.kind === 'list') {
        last.items[last.items.length - 1] += ` ${line}`;
      } else paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** Splits text into plain, bold and link runs. */
export function parseInline(text: string): Inline[] {
  const runs: Inline[] = [];
  const pattern = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > at) runs.push({ kind: 'text', text: text.slice(at, match.index) });
    if (match[1] !== undefined) runs.push({ kind: 'bold', text: match[1] });
    else runs.push({ kind: 'link', text: match[2]!, target: match[3]! });
    at = match.index + match[0].length;
  }
  if (at < text.length) runs.push({ kind: 'text', text: text.slice(at) });
  return runs;
}

/** Fills `{{name}}` fields of one text run; unknown or empty fields show the blank. */
export function fillText(text: string, fields: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => fields[name] || BLANK);
}

/**
 * Drops the source's full stop after a field whose value already ends with one ("… Corp." then
 * "."), also after a bold field (`**{{companyName}}**.`). Only deletes source characters: no
 * value enters the source, which is parsed before any field is filled.
 */
export function dropDoubleStops(source: string, fields: Readonly<Record<string, string>>): string {
  return source.replace(/\{\{(\w+)\}\}(\*\*)?\./g, (whole, name: string, bold = '') =>
    fields[name]?.endsWith('.') ? `{{${name}}}${bold}` : whole,
  );
}
