import { COLLAB_IMAGE_MAX_PX, COLLAB_IMAGE_QUALITY } from '@muster/contract/collaboration';

/** The largest size with the same proportions that fits inside max × max, never enlarged. */
export function fitWithin(width: number, height: number, max: number) {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Spec §5 (collaboration images, and mission photos alike): the chosen image is downscaled to fit within the maximum dimensions and re-encoded
 * as JPEG at quality 0.7 before upload, so phones on slow links send a few hundred KB, not 12 MB.
 */
export async function downscaleToJpeg(
  file: File,
  max = COLLAB_IMAGE_MAX_PX,
  quality = COLLAB_IMAGE_QUALITY,
): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const { width, height } = fitWithin(bitmap.width, bitmap.height, max);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  // JPEG has no transparency: paint white first so transparent PNGs do not turn black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', quality);
}
