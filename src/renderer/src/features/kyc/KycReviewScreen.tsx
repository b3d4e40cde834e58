/** /kyc/review: the KYC state; loan/reviewInfo applies the draft-clearing rule (PRODUCT.md §4). */
import { Button, Result } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { KEPT_FRESH_MS } from '@renderer/stores/Freshness';
import { useFeature, useStores } from '@renderer/stores/StoresContext';
import { MoneyPage } from '@renderer/components/MoneyPage';
import { AppDownloadNotice } from '@renderer/components/AppDownloadNotice';
import { kycFeature } from './KycStore';
import { kycStateView } from './kycState';

const KycReviewScreen = observer(function KycReviewScreen() {
  const { user, session } = useStores();
  const kyc = useFeature(kycFeature);
  const navigate = useNavigate();
  // The KYC state shown is the user info's: asked unless the startup, Home or a KYC submission
  // has just brought it (one call per need); the host's kycSuccess makes it old at once.
  useEffect(() => {
    void kyc.loadReview();
    void session.refreshUser(KEPT_FRESH_MS);
  }, [kyc, session]);

  const view = kycStateView(user.user?.state);
  return (
    <MoneyPage title="KYC Review" back="/">
      <Result status={view.status} title={view.title} description={view.text} />
      {view.appNotice && <AppDownloadNotice text={view.appNotice} />}
      <div className="money-actions">
        {view.action && (
          <Button block color="primary" onClick={() => navigate(view.action?.to ?? '/')}>
            {view.action.label}
          </Button>
        )}
        <Button block onClick={() => navigate('/', { replace: true })}>
          Back to Home
        </Button>
      </div>
    </MoneyPage>
  );
});

export default KycReviewScreen;
