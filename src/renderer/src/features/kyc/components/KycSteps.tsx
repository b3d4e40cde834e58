/**
 * The six KYC steps (step1 … step6) of /kyc/apply and /kyc/reapply: the step's items, Back and
 * Next (Submit on the last step). A KYC-invalid event scrolls to the first field in error.
 */
import { Button } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { KycStates } from '@shared/api/entities';
import { useFeature, useStores } from '@renderer/stores/StoresContext';
import { MoneyPage } from '@renderer/components/MoneyPage';
import { kycFeature } from '@renderer/features/kyc/KycStore';
import { AppDownloadNotice } from '@renderer/components/AppDownloadNotice';
import { KycField } from './KycField';

/** Titles of step1 … step6. */
const STEP_TITLES: Readonly<Record<number, string>> = {
  1: 'Personal Information',
  2: 'Contact Details',
  3: 'Work and Income',
  4: 'Emergency Contacts',
  5: 'Identity Documents',
  6: 'Signature',
};

export const KycSteps = observer(function KycSteps({ title }: { title: string }) {
  const { user } = useStores();
  const kyc = useFeature(kycFeature);
  useEffect(() => {
    void kyc.open();
  }, [kyc]);

  // The KYC-invalid event: bring the first field showing an error into view and focus it.
  useEffect(() => {
    if (kyc.invalidCount === 0) return;
    const first = document.querySelector<HTMLElement>('.field--error');
    first?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    first?.querySelector<HTMLElement>('input, select, textarea, canvas')?.focus({
      preventScroll: true,
    });
  }, [kyc.invalidCount]);

  // A new step starts at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    window.scrollTo?.({ top: 0 });
  }, [kyc.step]);

  const state = user.user?.state;
  if (state === KycStates.UNDER_REVIEW || state === KycStates.APPROVED) {
    return (
      <MoneyPage title={title} back="/">
        <p className="money-card">
          {state === KycStates.UNDER_REVIEW
            ? 'Your KYC information is under review.'
            : 'Your KYC information is approved.'}
        </p>
      </MoneyPage>
    );
  }
  const total = kyc.steps.length || 6;
  const last = kyc.step >= kyc.lastStep;
  return (
    <MoneyPage title={title} back="/">
      <div className="kyc-progress" aria-hidden="true">
        {(kyc.steps.length > 0 ? kyc.steps : [1, 2, 3, 4, 5, 6]).map((step) => (
          <span key={step} className={`kyc-progress__dot${step <= kyc.step ? ' is-done' : ''}`} />
        ))}
      </div>
      <form
        className="money-card"
        noValidate
        aria-labelledby="kyc-step-title"
        onSubmit={(event) => {
          event.preventDefault();
          void kyc.next();
        }}
      >
        <h2 id="kyc-step-title">
          Step {kyc.step} of {total}: {STEP_TITLES[kyc.step] ?? ''}
        </h2>
        {kyc.loading && kyc.items.length === 0 && <p className="money-muted">Loading…</p>}
        {kyc.certListFailed && !kyc.loading && kyc.items.length === 0 && (
          <div className="money-failed" role="alert">
            <p>The KYC form could not be loaded.</p>
            <Button type="button" onClick={() => void kyc.open()}>
              Retry
            </Button>
          </div>
        )}
        {kyc.items.map((item) => (
          <KycField key={item.certification} item={item} />
        ))}
        <div className="money-actions">
          <Button
            block
            color="primary"
            size="large"
            type="submit"
            loading={kyc.saving}
            disabled={kyc.items.length === 0}
          >
            {last ? 'Submit' : 'Next'}
          </Button>
          {kyc.step > 1 && (
            <Button block type="button" onClick={() => kyc.back()}>
              Back
            </Button>
          )}
        </div>
      </form>
      <AppDownloadNotice text="You can also finish your KYC in the Direct Loan app." />
    </MoneyPage>
  );
});
