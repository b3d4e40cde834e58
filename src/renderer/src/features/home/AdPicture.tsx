/**
 * An ad or banner picture that degrades to a plain tile when the CDN cannot be reached (a
 * webview offline or behind a proxy), instead of the browser's broken-image icon.
 */
import { useState } from 'react';

export function AdPicture({
  src,
  alt,
  priority,
}: {
  src: string;
  alt: string;
  /** Home's first banner, its largest paint: fetched at high priority. */
  priority?: boolean;
}) {
  const [broken, setBroken] = useState(false);
  if (broken)
    return <span className="ad-picture ad-picture--missing" role="img" aria-label={alt} />;
  return (
    <img
      className="ad-picture"
      src={src}
      alt={alt}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      onError={() => setBroken(true)}
    />
  );
}
