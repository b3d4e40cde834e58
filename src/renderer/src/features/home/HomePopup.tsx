/** The popup ad over Home (PRODUCT.md §2 Home): antd-mobile's CenterPopup, loaded when one shows. */
import { CenterPopup } from 'antd-mobile';
import type { Advertisement } from '@shared/api/entities';
import { AdPicture } from './AdPicture';
import { adNameOf } from './adName';

export default function HomePopup({
  popup,
  onOpen,
  onClose,
}: {
  popup: Advertisement | null;
  onOpen: () => void;
  onClose: () => void;
}) {
  return (
    <CenterPopup visible={popup !== null} onMaskClick={onClose} bodyClassName="home-popup">
      {popup && (
        <div role="dialog" aria-label="Advertisement" data-ad-id={popup.id}>
          {/* Our own ×: antd-mobile's is an <a> without href or name, which no keyboard reaches
              and a screen reader cannot name (WCAG 2.1.1, 4.1.2). Inside the dialog, so the
              focus trap (lib/dialogFocus.ts) includes it. */}
          <button type="button" className="home-popup__close" aria-label="Close" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
          <button type="button" className="home-popup__picture" onClick={onOpen}>
            <AdPicture src={popup.picUrl} alt={adNameOf(popup.link)} />
          </button>
        </div>
      )}
    </CenterPopup>
  );
}
