/**
 * KYC and loan applications finish in the native lender app (PRODUCT.md §1): outside it, the
 * screens say so and offer the download (886 → the Taiwan store, others Hong Kong, §9).
 */
import { Button } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { appStoreLink } from '@shared/constants';
import { useStores } from '@renderer/stores/StoresContext';

export const AppDownloadNotice = observer(function AppDownloadNotice({ text }: { text: string }) {
  const { session, user, services } = useStores();
  if (session.profile === 'lender') return null;
  return (
    <aside className="app-download" aria-label="Direct Loan app">
      <p>{text}</p>
      <Button
        size="small"
        color="primary"
        fill="outline"
        onClick={() => void services.native.openBrowser(appStoreLink(user.user?.areaCode ?? ''))}
      >
        Download Direct Loan App
      </Button>
    </aside>
  );
});
