/**
 * Reading picked files into the draft's data URLs. Photos are downscaled to JPEG so two of them
 * and a signature fit the draft in localStorage and each one fits a kyc/save body; PDFs are kept as they are (their size is capped when picked).
 */

/** Longest side and quality tried in turn until the photo fits MAX_IMAGE_CHARS. */
const ATTEMPTS: readonly (readonly [side: number, quality: number])[] = [
  [1024, 0.75],
  [1024, 0.6],
  [800, 0.55],
  [640, 0.5],
];
/** Largest data URL kept for one photo: well inside one kyc/save body (SAVE_CHUNK_CHARS). */
export const MAX_IMAGE_CHARS = 300_000;

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

function encode(bitmap: ImageBitmap, side: number, quality: number): string {
  const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', quality);
}

/** A downscaled JPEG data URL of an image file (the original when the browser cannot decode it). */
export async function readImage(file: File): Promise<string> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return readAsDataUrl(file);
  }
  try {
    let best = '';
    for (const [side, quality] of ATTEMPTS) {
      best = encode(bitmap, side, quality);
      if (best.length <= MAX_IMAGE_CHARS) break;
    }
    return best;
  } finally {
    bitmap.close();
  }
}
