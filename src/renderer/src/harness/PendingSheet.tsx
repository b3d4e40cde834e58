/**
 * A pending interactive request as a native-looking bottom sheet: OK / Cancel / Fail, with
 * optional answer details — the data OK returns, Fail's message, a delay before answering.
 */
import { useState } from 'react';
import type { PanelAction } from '@host/panelApi';
import type { PayeeAccount, PendingRequest } from '@host/types';
import {
  type AnswerDetails,
  AnswerDetailsForm,
  NO_DETAILS,
  parseCustomData,
} from './AnswerDetailsForm';
import { REQUEST_TITLES } from './labels';
import { compact } from './usePanel';

type Decision = Extract<PanelAction, { type: 'answer' }>['decision'];

interface Props {
  request: PendingRequest;
  accounts: readonly PayeeAccount[];
  dispatch(action: PanelAction): void;
}

export function PendingSheet({ request, accounts, dispatch }: Props) {
  const [chosen, setChosen] = useState(accounts[0]?.payeeId ?? '');
  const [details, setDetails] = useState<AnswerDetails>(NO_DETAILS);
  const custom = parseCustomData(details.data);
  const answer = (decision: Decision) =>
    dispatch({
      type: 'answer',
      requestId: request.id,
      decision: { ...decision, ...(details.delayMs > 0 ? { delayMs: details.delayMs } : {}) },
    });
  const params = request.params as Record<string, unknown> | undefined;
  const okData =
    custom.kind === 'data'
      ? custom.value
      : request.method === 'pickAccount'
        ? accounts.find((a) => a.payeeId === chosen)
        : undefined;
  return (
    <div className="sim-sheet" role="dialog" aria-label={`${request.method} request`}>
      <div className="sim-sheet__grip" />
      <h3 className="sim-sheet__title">{REQUEST_TITLES[request.method]}</h3>
      <p className="sim-sheet__method">
        <code>{request.method}</code>
      </p>
      {request.method === 'showNotice' && params ? (
        <div className="sim-sheet__notice">
          <strong>{String(params.title ?? '')}</strong>
          <p>{String(params.content ?? '')}</p>
        </div>
      ) : null}
      {(request.method === 'gcashPayment' || request.method === 'fastPayPayment') && params ? (
        <dl className="sim-sheet__facts">
          <dt>Order</dt>
          <dd>{String(params.orderNo)}</dd>
          <dt>Amount</dt>
          <dd>₱{String(params.amount)}</dd>
        </dl>
      ) : null}
      {request.method === 'pickAccount' ? (
        <fieldset className="sim-sheet__accounts">
          <legend>Payee account</legend>
          {accounts.map((account) => (
            <label key={account.payeeId}>
              <input
                type="radio"
                name={`account-${request.id}`}
                value={account.payeeId}
                checked={chosen === account.payeeId}
                onChange={() => setChosen(account.payeeId)}
              />
              {account.payeeLabel}
            </label>
          ))}
        </fieldset>
      ) : null}
      {params && request.method === 'showLogin' ? <pre>{compact(params)}</pre> : null}
      <AnswerDetailsForm
        method={request.method}
        details={details}
        invalid={custom.kind === 'invalid'}
        onChange={setDetails}
      />
      <div className="sim-sheet__buttons">
        <button
          className="sim-btn sim-btn--primary"
          disabled={custom.kind === 'invalid'}
          onClick={() => answer({ answer: 'ok', data: okData })}
        >
          OK
        </button>
        <button className="sim-btn" onClick={() => answer({ answer: 'cancel' })}>
          Cancel
        </button>
        <button
          className="sim-btn sim-btn--danger"
          onClick={() =>
            answer({ answer: 'fail', ...(details.message ? { message: details.message } : {}) })
          }
        >
          Fail
        </button>
      </div>
    </div>
  );
}
