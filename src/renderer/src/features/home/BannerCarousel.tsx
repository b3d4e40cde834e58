/**
 * Home's banner carousel (PRODUCT.md §2 Home): antd-mobile's Swiper, autoplaying and looping
 * when there is more than one. Loaded once Home is up and the page is idle (HomeBanners): its
 * animation library and gestures are not needed to borrow.
 */
import { Swiper } from 'antd-mobile';
import type { Advertisement } from '@shared/api/entities';
import { BANNER_AUTOPLAY_MS } from '@shared/constants';
import { BannerButton } from './BannerButton';

export default function BannerCarousel({
  banners,
  onOpen,
}: {
  banners: readonly Advertisement[];
  onOpen: (banner: Advertisement) => void;
}) {
  return (
    <Swiper
      className="home-banners"
      autoplay
      autoplayInterval={BANNER_AUTOPLAY_MS}
      loop={banners.length > 1}
      // One banner has nothing to page through.
      indicator={banners.length > 1 ? undefined : () => null}
      aria-label="Banners"
    >
      {banners.map((banner) => (
        <Swiper.Item key={banner.id}>
          <BannerButton banner={banner} onOpen={onOpen} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
