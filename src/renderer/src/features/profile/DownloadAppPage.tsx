/** /profile/download: the Direct Loan App entry (KYC and loans are finished in the app). */
import { Button } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useFeature } from '@renderer/stores/StoresContext';
import { profileFeature } from './ProfileStore';

const DownloadAppPage = observer(function DownloadAppPage() {
  const profile = useFeature(profileFeature);
  return (
    <div className="profile-sub">
      <p>Complete your KYC, apply for loans and follow your repayments in the Direct Loan app.</p>
      <Button block color="primary" size="large" onClick={() => void profile.openApp('home')}>
        Download
      </Button>
    </div>
  );
});

export default DownloadAppPage;
