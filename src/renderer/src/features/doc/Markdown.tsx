/** Renders parsed document Markdown; slots are filled by the page (`slots`). */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { missingCaseError } from '../../errors/missingCaseError';
import { useStores } from '../../stores/StoresContext';
import { type Inline, parseBlocks, parseInline } from './markdown';

function Runs({ text }: { text: string }) {
  const { services } = useStores();
  const render = (run: Inline, i: number) => {
    switch (run.kind) {
      case 'text':
        return run.text;
      case 'bold':
        return <strong key={i}>{run.text}</strong>;
      case 'link':
        if (run.target.startsWith('/')) {
          return (
            <Link key={i} to={run.target} viewTransition>
              {run.text}
            </Link>
          );
        }
        if (run.target.startsWith('mailto:')) {
          return (
            <button
              key={i}
              type="button"
              className="link-button"
              onClick={() => void services.native.composeEmail(run.target.slice(7))}
            >
              {run.text}
            </button>
          );
        }
        if (run.target.startsWith('tel:')) {
          return (
            <button
              key={i}
              type="button"
              className="link-button"
              onClick={() => void services.native.dialPhone(run.target.slice(4))}
            >
              {run.text}
            </button>
          );
        }
        // Outside pages open in the system browser, never inside the webview.
        return (
          <button
            key={i}
            type="button"
            className="link-button"
            onClick={() => void services.native.openBrowser(run.target)}
          >
            {run.text}
          </button>
        );
      default:
        throw missingCaseError(run);
    }
  };
  return <>{parseInline(text).map(render)}</>;
}

export function Markdown({
  source,
  slots = {},
}: {
  source: string;
  slots?: Readonly<Record<string, ReactNode>>;
}) {
  return (
    <div className="markdown">
      {parseBlocks(source).map((block, i) => {
        const key = `${block.kind}-${i}`;
        switch (block.kind) {
          case 'heading': {
            const Tag = block.level === 1 ? 'h2' : block.level === 2 ? 'h3' : 'h4';
            return (
              <Tag key={key}>
                <Runs text={block.text} />
              </Tag>
            );
          }
          case 'paragraph':
            return (
              <p key={key}>
                <Runs text={block.text} />
              </p>
            );
          case 'list': {
            const Tag = block.ordered ? 'ol' : 'ul';
            return (
              <Tag key={key}>
                {block.items.map((item, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static document text
                  <li key={j}>
                    <Runs text={item} />
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
