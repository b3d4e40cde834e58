/** /kyc/apply: the KYC application, step1 … step6. */
import { KycSteps } from './components/KycSteps';

export default function KycApplyScreen() {
  return <KycSteps title="KYC Application" />;
}
