/**
 * An ad or banner picture that degrades to a plain tile when the CDN cannot be reached (a
 * webview offline or behind a proxy), instead of the browser's broken-image icon.
 */
import { useState } from 'react';

export function AdPicture({ src, alt }: { src: string; alt: string }) {
  const [broken, setBroken] = useState(false);
  if (broken)
    return <span className="ad-picture ad-picture--missing" role="img" aria-label={alt} />;
  return <img className="ad-picture" src={src} alt={alt} onError={() => setBroken(true)} />;
}
