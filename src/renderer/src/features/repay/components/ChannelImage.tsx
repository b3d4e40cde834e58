/** A channel icon or logo; when the image cannot load (offline, CDN down) the label's initials. */
import { useState } from 'react';

export function ChannelImage({
  src,
  label,
  className,
  alt,
}: {
  src: string;
  label: string;
  className: string;
  alt: string;
}) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    const initials = label
      .split(/[\s-]+/)
      .map((word) => word[0] ?? '')
      .join('')
      .slice(0, 2)
      .toUpperCase();
    return alt ? (
      <span className={`${className} channel-image--fallback`} role="img" aria-label={alt}>
        {initials}
      </span>
    ) : (
      <span className={`${className} channel-image--fallback`} aria-hidden="true">
        {initials}
      </span>
    );
  }
  return (
    <img className={className} src={src} alt={alt} loading="lazy" onError={() => setFailed(true)} />
  );
}
