/** The payee picker outside the lender app: an e-wallet or bank account typed by the borrower. */
import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { PAYEE_KINDS, type PayeeKind, webPayee } from '@renderer/features/loan/loanValidation';

export function WebPayeePicker({
  onPick,
  onClose,
}: {
  onPick: (payeeId: string, payeeLabel: string) => void;
  onClose: () => void;
}) {
  const [kind, setKind] = useState<PayeeKind>('GCash');
  const [account, setAccount] = useState('');
  const [error, setError] = useState('');
  const save = () => {
    const result = webPayee(kind, account);
    if (!result.ok) setError(result.message);
    else onPick(result.payeeId, result.payeeLabel);
  };
  return (
    <Popup visible onMaskClick={onClose} bodyStyle={{ padding: 16 }}>
      <h2 className="money-page__title" style={{ marginBottom: 12 }}>
        Choose a payee account
      </h2>
      <fieldset className="field field__choices">
        <legend className="field__label">Account type</legend>
        {PAYEE_KINDS.map((k) => (
          <label key={k}>
            <input
              type="radio"
              name="payee-kind"
              checked={kind === k}
              onChange={() => {
                setKind(k);
                setError('');
              }}
            />
            {k}
          </label>
        ))}
      </fieldset>
      <div className={`field${error ? ' field--error' : ''}`}>
        <label className="field__label" htmlFor="payee-account">
          {kind === 'Bank' ? 'Bank account number' : `${kind} mobile number`}
        </label>
        <input
          id="payee-account"
          type="tel"
          inputMode="numeric"
          value={account}
          onChange={(event) => {
            setAccount(event.target.value);
            setError('');
          }}
        />
        {error && (
          <span className="field__error" role="alert">
            {error}
          </span>
        )}
      </div>
      <div className="money-actions">
        <Button block color="primary" onClick={save}>
          Use This Account
        </Button>
        <Button block onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Popup>
  );
}
