/** One banner: its picture as a button that follows the banner's link, named by where it leads. */
import type { Advertisement } from '@shared/api/entities';
import { AdPicture } from './AdPicture';
import { adNameOf } from './adName';

export function BannerButton({
  banner,
  onOpen,
  first,
}: {
  banner: Advertisement;
  onOpen: (banner: Advertisement) => void;
  /** The banner Home shows first: its largest paint (AdPicture `priority`). */
  first?: boolean;
}) {
  return (
    <button type="button" className="home-banner" onClick={() => onOpen(banner)}>
      <AdPicture src={banner.picUrl} alt={adNameOf(banner.link)} priority={first} />
    </button>
  );
}
