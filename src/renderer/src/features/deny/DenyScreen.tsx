/**
 * /deny/:message: the app started without user lookup (PRODUCT.md §2). FastPay login failures
 * arrive as /deny/fastpaylogin{code}.
 */
import { useParams } from 'react-router-dom';
import { useStores } from '../../stores/StoresContext';

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

export default function DenyScreen() {
  const { message = '' } = useParams();
  const { services } = useStores();
  const text = denyText(message);
  return (
    <section className="deny-page" data-message={message}>
      <h1>{text.title}</h1>
      <p>{text.detail}</p>
      <button
        type="button"
        className="text-button"
        onClick={() => void services.native.closePage()}
      >
        Close
      </button>
    </section>
  );
}
