/** /doc/:file (PRODUCT.md §2): a document of DOCS; an unknown file is the not-found page. */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { NO_DOCUMENTS_MARKER } from '@shared/constants';
import { formatDate, formatPeso } from '@renderer/lib/format';
import NotFound from '@renderer/shell/NotFound';
import { PageSkeleton } from '@renderer/shell/PageSkeleton';
import { useStores } from '@renderer/stores/StoresContext';
import { ContentPage } from '@renderer/components/ContentPage';
import { DocStore } from '@renderer/stores/DocStore';
import { type DocDef, docOf } from '@renderer/lib/documents/docs';
import { Markdown } from '@renderer/components/Markdown';
import { companyFields, type OrderInfo, orderFields } from '@renderer/lib/documents/orderFields';
import { LoadFailed } from '@renderer/components/ReloadAgain';

function ScheduleTable({ order }: { order: OrderInfo | undefined }) {
  if (!order) return null;
  return (
    <table className="doc-table" aria-label="Repayment schedule">
      <thead>
        <tr>
          <th>Installment</th>
          <th>Due date</th>
          <th>Amount</th>
        </tr>
      </thead>
      <tbody>
        {order.schedule.map((row) => (
          <tr key={row.period}>
            <td>{row.period}</td>
            <td>{formatDate(row.dueTime)}</td>
            <td>{formatPeso(row.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const DocView = observer(function DocView({ doc }: { doc: DocDef }) {
  const { api } = useStores();
  const [store] = useState(() => new DocStore(api));
  const [search] = useSearchParams();
  const orderNo = search.get('orderNo');
  useEffect(() => {
    void store.open(doc, orderNo);
  }, [store, doc, orderNo]);

  let body: React.ReactNode;
  switch (store.status) {
    case 'loading':
      body = <PageSkeleton />;
      break;
    case 'no-documents':
      body = (
        <p className="notice">
          Loan documents are not available for orders containing {NO_DOCUMENTS_MARKER}.
        </p>
      );
      break;
    case 'failed':
      body = (
        <LoadFailed
          text="This document could not be loaded."
          onReload={() => void store.open(doc, orderNo)}
        />
      );
      break;
    case 'ready': {
      const fields = store.order ? orderFields(store.order) : companyFields;
      body = (
        <article className="card">
          <Markdown
            source={store.source}
            fields={fields}
            slots={{ schedule: <ScheduleTable order={store.order} /> }}
          />
        </article>
      );
      break;
    }
  }
  return <ContentPage title={doc.title}>{body}</ContentPage>;
});

export default function DocScreen() {
  const { file = '' } = useParams();
  const doc = docOf(file);
  if (!doc) return <NotFound />;
  return <DocView key={file} doc={doc} />;
}
