/**
 * Master-detail at 768 px and wider (PRODUCT.md §1): the master list stays on the left and the
 * detail on the right; below 768 px only one shows (the detail when there is one).
 */
import type { ReactNode } from 'react';
import './MasterDetail.css';

export function MasterDetail({ master, detail }: { master: ReactNode; detail?: ReactNode }) {
  return (
    <div className={`md-layout${detail ? ' md-layout--has-detail' : ''}`}>
      <div className="md-layout__master">{master}</div>
      {detail && <div className="md-layout__detail">{detail}</div>}
    </div>
  );
}
