/** The popup ad over Home (PRODUCT.md §2 Home): antd-mobile's CenterPopup, loaded when one shows. */
import { CenterPopup } from 'antd-mobile';
import type { Advertisement } from '../../../../shared/api/entities';
import { AdPicture } from './AdPicture';

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
    <CenterPopup
      visible={popup !== null}
      onMaskClick={onClose}
      showCloseButton
      onClose={onClose}
      bodyClassName="home-popup"
    >
      {popup && (
        <div role="dialog" aria-label="Advertisement" data-ad-id={popup.id}>
          <button type="button" className="home-popup__picture" onClick={onOpen}>
            <AdPicture src={popup.picUrl} alt="Advertisement" />
          </button>
        </div>
      )}
    </CenterPopup>
  );
}
