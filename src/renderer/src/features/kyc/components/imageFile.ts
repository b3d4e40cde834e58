/**
 * Reading picked files into the draft's data URLs. Photos are downscaled (longest side
 * MAX_IMAGE_SIDE, JPEG) so two of them and a signature fit the draft in localStorage and a
 * kyc/save body; PDFs are kept as they are (their size is capped when picked).
 */
export const MAX_IMAGE_SIDE = 1024;
const JPEG_QUALITY = 0.75;

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** A downscaled JPEG data URL of an image file (the original when the browser cannot decode it). */
export async function readImage(file: File): Promise<string> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_IMAGE_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', JPEG_QUALITY);
  } catch {
    return readAsDataUrl(file);
  }
}
