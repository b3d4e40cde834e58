/** One banner: its picture as a button that follows the banner's link. */
import type { Advertisement } from '@shared/api/entities';
import { AdPicture } from './AdPicture';

export function BannerButton({
  banner,
  onOpen,
}: {
  banner: Advertisement;
  onOpen: (banner: Advertisement) => void;
}) {
  return (
    <button type="button" className="home-banner" onClick={() => onOpen(banner)}>
      <AdPicture src={banner.picUrl} alt="Banner" />
    </button>
  );
}
