/**
 * /event/christmas_lucky_draw/mechanics: the draw's official mechanics inside the event, a public
 * path (PRODUCT.md §2 "Startup and access": `/event/`), so a visitor who is not logged in reads
 * them; /doc/lottery-link, the same text, needs a login.
 */
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { PageSkeleton } from '@renderer/shell/PageSkeleton';
import { useStores } from '@renderer/stores/StoresContext';
import { DocStore } from '@renderer/stores/DocStore';
import { docOf } from '@renderer/lib/documents/docs';
import { Markdown } from '@renderer/components/Markdown';
import { companyFields } from '@renderer/lib/documents/orderFields';
import { LoadFailed } from '@renderer/components/ReloadAgain';

/** The document the mechanics come from (DOCS of lib/documents). */
const MECHANICS_DOC = 'lottery-link';

export const LuckyDrawMechanics = observer(function LuckyDrawMechanics() {
  const { api } = useStores();
  const [store] = useState(() => new DocStore(api));
  const open = useCallback(() => {
    const doc = docOf(MECHANICS_DOC);
    if (doc) void store.open(doc, null);
  }, [store]);
  useEffect(open, [open]);

  if (store.status === 'failed') {
    return <LoadFailed text="The mechanics could not be loaded." onReload={open} />;
  }
  if (store.status !== 'ready') return <PageSkeleton />;
  return (
    <article className="card" aria-label="Official mechanics">
      <Markdown source={store.source} fields={companyFields} />
    </article>
  );
});
