/**
 * How much two screenshots differ, decoded and compared in the browser at hand (no image library:
 * Chromium decodes PNG): the share of pixels whose colour moved by more than `tolerance` in any
 * channel, 1 when the sizes differ.
 */
import type { Page } from '@playwright/test';

/** The page globals the comparison uses (tests compile without the DOM lib). */
interface CanvasGlobals {
  fetch(url: string): Promise<{ blob(): Promise<unknown> }>;
  createImageBitmap(blob: unknown): Promise<{ width: number; height: number }>;
  OffscreenCanvas: new (
    width: number,
    height: number,
  ) => {
    getContext(kind: '2d'): {
      drawImage(image: unknown, x: number, y: number): void;
      getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
    };
  };
}

export async function differingShare(
  page: Page,
  first: Buffer,
  second: Buffer,
  tolerance = 24,
): Promise<number> {
  return page.evaluate(
    async ({ a, b, tolerance }) => {
      const g = globalThis as unknown as CanvasGlobals;
      const pixels = async (base64: string) => {
        const blob = await (await g.fetch(`data:image/png;base64,${base64}`)).blob();
        const image = await g.createImageBitmap(blob);
        const context = new g.OffscreenCanvas(image.width, image.height).getContext('2d');
        context.drawImage(image, 0, 0);
        return {
          width: image.width,
          height: image.height,
          data: context.getImageData(0, 0, image.width, image.height).data,
        };
      };
      const [x, y] = await Promise.all([pixels(a), pixels(b)]);
      if (x.width !== y.width || x.height !== y.height) return 1;
      let differing = 0;
      for (let i = 0; i < x.data.length; i += 4) {
        for (let c = 0; c < 3; c += 1) {
          if (Math.abs((x.data[i + c] ?? 0) - (y.data[i + c] ?? 0)) > tolerance) {
            differing += 1;
            break;
          }
        }
      }
      return differing / (x.width * x.height);
    },
    { a: first.toString('base64'), b: second.toString('base64'), tolerance },
  );
}
