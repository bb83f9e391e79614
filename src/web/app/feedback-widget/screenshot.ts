/**
 * Screenshot capture for feedback (access spec §7): the page rendered to an image at half scale
 * and quality 0.8, without the widget itself. The renderer is loaded on first use only.
 */

export const SCREENSHOT_SCALE = 0.5;
export const SCREENSHOT_QUALITY = 0.8;
export const SCREENSHOT_TYPE = 'image/jpeg';
/** Anything marked with this attribute (the button, the panel, its backdrop) stays out of the picture. */
export const WIDGET_ATTRIBUTE = 'data-feedback-widget';
const CAPTURE_TIMEOUT_MS = 20_000;

/** False for the widget's own elements: the capture filter. */
export function includeInScreenshot(node: Node): boolean {
  return !(node instanceof Element && node.hasAttribute(WIDGET_ATTRIBUTE));
}

export class ScreenshotError extends Error {
  override readonly name = 'ScreenshotError';
}

/** The current page as a JPEG blob; rejects with ScreenshotError when it cannot be rendered. */
export async function captureScreenshot(root: HTMLElement = document.body): Promise<Blob> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ScreenshotError('Screenshot capture timed out')), CAPTURE_TIMEOUT_MS);
  });
  try {
    const { domToBlob } = await import('modern-screenshot');
    const blob = await Promise.race([
      domToBlob(root, {
        scale: SCREENSHOT_SCALE,
        quality: SCREENSHOT_QUALITY,
        type: SCREENSHOT_TYPE,
        backgroundColor: '#ffffff',
        filter: includeInScreenshot,
        timeout: 10_000,
      }),
      timeout,
    ]);
    if (!blob || blob.size === 0) throw new ScreenshotError('The screenshot came out empty');
    return blob;
  } catch (error) {
    if (error instanceof ScreenshotError) throw error;
    throw new ScreenshotError(error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
}
