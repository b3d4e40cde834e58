/**
 * A QR code drawn from its module matrix (uqr, loaded with this chunk only when a QRPh order
 * shows): one SVG path of squares, built as data — the order's code never becomes markup.
 */
import { encode } from 'uqr';

/** The path of the dark modules, one unit square each, for a viewBox of `size` units. */
export function qrPath(matrix: readonly (readonly boolean[])[]): string {
  const parts: string[] = [];
  matrix.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return parts.join('');
}

export default function QrCode({ text, label }: { text: string; label: string }) {
  // A quiet zone of 4 modules, as scanners expect (ISO/IEC 18004).
  const qr = encode(text, { ecc: 'M', border: 4 });
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qrPath(qr.data)} fill="#000" />
    </svg>
  );
}
