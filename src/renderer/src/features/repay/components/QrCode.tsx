/**
 * A QR code drawn from its module matrix (uqr, loaded with this chunk only when a QRPh order
 * shows): one SVG path of squares, built as data — the order's code never becomes markup. With
 * `savable`, a "Save QR Code" button under it saves a PNG of the same matrix (saveQrCode.ts).
 */
import { Button } from 'antd-mobile';
import { encode } from 'uqr';
import { useStores } from '@renderer/stores/StoresContext';
import { saveQrCode } from '@renderer/features/repay/saveQrCode';

/** A quiet zone of 4 modules, as scanners expect (ISO/IEC 18004). */
const QR_OPTIONS = { ecc: 'M', border: 4 } as const;

/** Pixels per module of the saved picture: sharp for a scanner, a few kB as PNG. */
const SAVED_MODULE_PX = 8;

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

/** A PNG (data: URL) of the QR code of `text`, black on white, for the photo album. */
function qrPngDataUrl(text: string, doc: Document = document): string {
  const qr = encode(text, QR_OPTIONS);
  const canvas = doc.createElement('canvas');
  canvas.width = qr.size * SAVED_MODULE_PX;
  canvas.height = qr.size * SAVED_MODULE_PX;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the QR code picture');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000';
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) {
        context.fillRect(
          x * SAVED_MODULE_PX,
          y * SAVED_MODULE_PX,
          SAVED_MODULE_PX,
          SAVED_MODULE_PX,
        );
      }
    });
  });
  return canvas.toDataURL('image/png');
}

export default function QrCode({
  text,
  label,
  savable = false,
}: {
  text: string;
  label: string;
  savable?: boolean;
}) {
  const qr = encode(text, QR_OPTIONS);
  return (
    <>
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
      {savable && <SaveQrButton text={text} />}
    </>
  );
}

function SaveQrButton({ text }: { text: string }) {
  const { services } = useStores();
  const save = () => void saveQrCode(services.native, services.ui, () => qrPngDataUrl(text));
  return (
    <Button block fill="outline" color="primary" className="qr-code__save" onClick={save}>
      Save QR Code
    </Button>
  );
}
