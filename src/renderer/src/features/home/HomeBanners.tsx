/**
 * Home's banners: the first one paints with Home as a plain picture; the carousel (antd-mobile's
 * Swiper with its spring animation and gesture libraries, ≈ 30 kB gzip) replaces it once Home's
 * figures are in and the browser is idle, so it never delays the first usable Home on a slow
 * phone (bench/README.md, until Home is interactive).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Advertisement } from '../../../../shared/api/entities';
import { whenIdle } from '../../lib/idle';
import { BannerButton } from './BannerButton';

const BannerCarousel = lazy(() => import('./BannerCarousel'));

export function HomeBanners({
  banners,
  ready,
  onOpen,
}: {
  banners: readonly Advertisement[];
  /** Home's own figures are in: the carousel may load. */
  ready: boolean;
  onOpen: (banner: Advertisement) => void;
}) {
  const [carousel, setCarousel] = useState(false);
  useEffect(() => {
    if (!ready || carousel) return;
    return whenIdle(() => setCarousel(true));
  }, [ready, carousel]);

  const first = banners[0];
  if (!first) return null;
  const still = (
    <section className="home-banners" aria-label="Banners">
      <BannerButton banner={first} onOpen={onOpen} />
    </section>
  );
  if (!carousel) return still;
  return (
    <Suspense fallback={still}>
      <BannerCarousel banners={banners} onOpen={onOpen} />
    </Suspense>
  );
}
