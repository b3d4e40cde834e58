/**
 * Home's banners: the first one paints with Home as a plain picture; the carousel (antd-mobile's
 * Swiper with its spring animation and gesture libraries, ≈ 30 kB gzip) replaces it once Home's
 * figures are in and the browser is idle, so it never delays the first usable Home on a slow
 * phone (bench/README.md, until Home is interactive).
 */
import { useEffect, useState } from 'react';
import type { Advertisement } from '@shared/api/entities';
import { whenIdle } from '@renderer/lib/idle';
import { useOptionalChunk } from '@renderer/lib/useOptionalChunk';
import { BannerButton } from './BannerButton';

const loadCarousel = () => import('./BannerCarousel');

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
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return;
    return whenIdle(() => setIdle(true));
  }, [ready, idle]);
  // Offline, the still banner stays until the carousel's chunk can be fetched.
  const BannerCarousel = useOptionalChunk(loadCarousel, idle);

  const first = banners[0];
  if (!first) return null;
  const still = (
    <section className="home-banners" aria-label="Banners">
      <BannerButton banner={first} onOpen={onOpen} first />
    </section>
  );
  return BannerCarousel ? <BannerCarousel banners={banners} onOpen={onOpen} /> : still;
}
