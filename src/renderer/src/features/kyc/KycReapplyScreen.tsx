/** /kyc/reapply: the same six steps to update a failed, rejected or expired KYC. */
import { KycSteps } from './components/KycSteps';

export default function KycReapplyScreen() {
  return <KycSteps title="Update KYC Information" />;
}
