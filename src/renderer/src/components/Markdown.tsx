/**
 * Renders parsed document Markdown; slots are filled by the page (`slots`), fields as text after
 * parsing (`fields`). A link target must pass the allow-list (src/shared/links.ts), else the link
 * is plain text.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { safeLink } from '@shared/links';
import { missingCaseError } from '@shared/missingCaseError';
import { useStores } from '@renderer/stores/StoresContext';
import {
  dropDoubleStops,
  fillText,
  type Inline,
  parseBlocks,
  parseInline,
} from '@renderer/lib/markdown';

type Fields = Readonly<Record<string, string>>;

function Runs({ text, fields }: { text: string; fields: Fields }) {
  const { services } = useStores();
  const render = (run: Inline, i: number) => {
    switch (run.kind) {
      case 'text':
        return fillText(run.text, fields);
      case 'bold':
        return <strong key={i}>{fillText(run.text, fields)}</strong>;
      case 'link': {
        const label = fillText(run.text, fields);
        const link = safeLink(run.target, { allowHttp: false });
        const button = (open: () => unknown) => (
          <button key={i} type="button" className="link-button" onClick={() => void open()}>
            {label}
          </button>
        );
        switch (link?.kind) {
          case 'route':
            return (
              <Link key={i} to={link.href} viewTransition>
                {label}
              </Link>
            );
          case 'mailto':
            return button(() => services.native.composeEmail(link.href.slice('mailto:'.length)));
          case 'tel':
            return button(() => services.native.dialPhone(link.href.slice('tel:'.length)));
          case 'sms':
            return button(() => services.native.sendSms(link.href.slice('sms:'.length)));
          case 'web':
            // Outside pages open in the system browser, never inside the webview.
            return button(() => services.native.openBrowser(link.href));
          default:
            return label;
        }
      }
      default:
        throw missingCaseError(run);
    }
  };
  return <>{parseInline(text).map(render)}</>;
}

export function Markdown({
  source,
  fields = {},
  slots = {},
}: {
  source: string;
  fields?: Fields;
  slots?: Readonly<Record<string, ReactNode>>;
}) {
  return (
    <div className="markdown">
      {parseBlocks(dropDoubleStops(source, fields), new Set(Object.keys(slots))).map((block, i) => {
        const key = `${block.kind}-${i}`;
        switch (block.kind) {
          case 'heading': {
            const Tag = block.level === 1 ? 'h2' : block.level === 2 ? 'h3' : 'h4';
            return (
              <Tag key={key}>
                <Runs text={block.text} fields={fields} />
              </Tag>
            );
          }
          case 'paragraph':
            return (
              <p key={key}>
                <Runs text={block.text} fields={fields} />
              </p>
            );
          case 'list': {
            const Tag = block.ordered ? 'ol' : 'ul';
            return (
              <Tag key={key}>
                {block.items.map((item, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static document text
                  <li key={j}>
                    <Runs text={item} fields={fields} />
                  </li>
                ))}
              </Tag>
            );
          }
          case 'slot':
            return <div key={key}>{slots[block.name] ?? null}</div>;
          default:
            throw missingCaseError(block);
        }
      })}
    </div>
  );
}
