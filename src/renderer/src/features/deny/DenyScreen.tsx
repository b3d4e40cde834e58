/**
 * /deny/:message: the app started without user lookup (PRODUCT.md §2). FastPay login failures
 * arrive as /deny/fastpaylogin{code}.
 */
import { useParams } from 'react-router-dom';
import { useStores } from '@renderer/stores/StoresContext';
import { ContentPage } from '@renderer/components/ContentPage';

const FASTPAY_PREFIX = 'fastpaylogin';

export function denyText(message: string): { title: string; detail: string } {
  if (message.startsWith(FASTPAY_PREFIX)) {
    const code = message.slice(FASTPAY_PREFIX.length);
    return {
      title: 'FastPay login failed',
      detail: code
        ? `The wallet could not sign you in (code ${code}).`
        : 'The wallet could not sign you in.',
    };
  }
  return { title: 'Access denied', detail: message || 'This page cannot be opened here.' };
}

/** Where a borrower who is stuck here can write to. */
const SUPPORT_EMAIL = 'support@directloan.ph';

export default function DenyScreen() {
  const { message = '' } = useParams();
  const { services } = useStores();
  const text = denyText(message);
  const fastpay = message.startsWith(FASTPAY_PREFIX);
  return (
    <ContentPage title={text.title} className="deny-page">
      <div className="notice" data-message={message}>
        <p className="notice__title">{text.title}</p>
        <p>{text.detail}</p>
        {fastpay ? (
          // Starting the app again at / makes the wallet login run once more.
          <button
            type="button"
            className="primary-button"
            onClick={() => window.location.assign(new URL('./', document.baseURI).href)}
          >
            Try Again
          </button>
        ) : null}
        <button
          type="button"
          className="secondary-button"
          onClick={() =>
            void services.native.composeEmail(
              SUPPORT_EMAIL,
              text.title,
              `I could not open Direct Loan (${message || 'no detail'}).`,
            )
          }
        >
          Contact Support
        </button>
        <button
          type="button"
          className="text-button"
          onClick={() => void services.native.closePage()}
        >
          Close
        </button>
      </div>
    </ContentPage>
  );
}
