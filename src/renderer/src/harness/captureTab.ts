/**
 * Pictures of parts of this tab: the browser's own tab capture (getDisplayMedia, the borrower's
 * phone frames included, cross-document as they are), cropped to each element and saved as PNG.
 * The browser asks the user first; headless runs use `npm run shots` instead.
 */
interface CaptureTarget {
  element: HTMLElement;
  fileName: string;
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Captures each target in turn (scrolled into view) and downloads it; returns how many. */
export async function captureElements(targets: CaptureTarget[]): Promise<number> {
  if (!navigator.mediaDevices?.getDisplayMedia) throw new Error('no tab capture in this browser');
  const stream = await navigator.mediaDevices.getDisplayMedia({
    video: { displaySurface: 'browser' },
    audio: false,
    // Chromium: offer this tab first in the prompt.
    preferCurrentTab: true,
  } as DisplayMediaStreamOptions);
  const video = document.createElement('video');
  try {
    video.muted = true;
    video.srcObject = stream;
    await video.play();
    let saved = 0;
    for (const { element, fileName } of targets) {
      element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      // The captured stream shows the scrolled page a few frames later.
      await nextFrame();
      await pause(250);
      const rect = element.getBoundingClientRect();
      const scaleX = video.videoWidth / window.innerWidth;
      const scaleY = video.videoHeight / window.innerHeight;
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(rect.width * scaleX);
      canvas.height = Math.round(rect.height * scaleY);
      canvas
        .getContext('2d')
        ?.drawImage(
          video,
          rect.left * scaleX,
          rect.top * scaleY,
          canvas.width,
          canvas.height,
          0,
          0,
          canvas.width,
          canvas.height,
        );
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      if (!blob) continue;
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
      saved += 1;
    }
    return saved;
  } finally {
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  }
}
