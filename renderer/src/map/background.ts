/**
 * A map's background picture: a file the GM picks is checked, scaled down and re-encoded, then
 * kept inside the campaign as base64 (never linked, so the campaign folder is all there is to
 * copy). For showing it, the bytes become a `blob:` URL, which the page's policy allows.
 *
 * The checks and the arithmetic are plain functions (tested under Node); the decoding and
 * encoding need a browser (createImageBitmap and a canvas).
 */
import type { MapBackground, Result } from '../../../engine/index';

/** Picture types the GM may pick. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
/** The largest file accepted before decoding. */
export const MAX_IMAGE_FILE_BYTES = 20 * 1024 * 1024;
/** The long side of a stored picture, at most. */
export const MAX_IMAGE_SIDE = 2048;
/** What a stored picture should weigh at most (its bytes, before base64). */
export const TARGET_IMAGE_BYTES = 1.5 * 1024 * 1024;
/** The `accept` attribute of the file picker. */
export const IMAGE_ACCEPT = '.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp';

const failure = (code: string, message: string): Result<never> => ({ ok: false, code, message });

/** "3.4 MB", "820 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The picture type of a file from its type, or from its name when the system gave none. */
export function imageTypeOf(file: { readonly name: string; readonly type: string }): ImageType | null {
  const type = file.type.toLowerCase();
  if ((IMAGE_TYPES as readonly string[]).includes(type)) return type as ImageType;
  if (type === 'image/jpg') return 'image/jpeg';
  if (type !== '') return null;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return ext === 'png' ? 'image/png' : ext === 'jpg' || ext === 'jpeg' ? 'image/jpeg' : ext === 'webp' ? 'image/webp' : null;
}

/** Refuses a file that is not a PNG, JPEG or WebP picture, or that is too large, before reading it. */
export function checkImageFile(file: { readonly name: string; readonly type: string; readonly size: number }): Result<ImageType> {
  const type = imageTypeOf(file);
  if (!type) {
    return failure('background/type', `"${file.name}" is not a PNG, JPEG or WebP picture. Save it as one of those and pick it again.`);
  }
  if (file.size === 0) return failure('background/empty', `"${file.name}" is empty.`);
  if (file.size > MAX_IMAGE_FILE_BYTES) {
    return failure(
      'background/too-large',
      `"${file.name}" is ${formatBytes(file.size)}; a background may be at most ${formatBytes(MAX_IMAGE_FILE_BYTES)}. Make it smaller in an image editor and pick it again.`,
    );
  }
  return { ok: true, value: type };
}

/** A picture's size scaled down (never up) so its long side is at most `max`, in whole pixels. */
export function fitWithin(width: number, height: number, max = MAX_IMAGE_SIDE): { width: number; height: number } {
  const f = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * f)), height: Math.max(1, Math.round(height * f)) };
}

/**
 * The tries, best first, to get a picture under {@link TARGET_IMAGE_BYTES}: the full size at good
 * quality, then lower quality, then smaller.
 */
export function encodingSteps(width: number, height: number): { width: number; height: number; quality: number }[] {
  const full = fitWithin(width, height);
  const long = Math.max(full.width, full.height);
  const steps = [
    { ...full, quality: 0.85 },
    { ...full, quality: 0.7 },
    { ...fitWithin(full.width, full.height, Math.round(long * 0.75)), quality: 0.7 },
    { ...fitWithin(full.width, full.height, Math.round(long * 0.5)), quality: 0.65 },
    { ...fitWithin(full.width, full.height, Math.round(long * 0.35)), quality: 0.6 },
  ];
  return steps.filter((s, i) => i === 0 || s.width !== steps[i - 1]?.width || s.quality !== steps[i - 1]?.quality);
}

// base64 in chunks: String.fromCharCode with a whole picture's bytes would overflow the stack.
const CHUNK = 0x8000;

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A `blob:` URL showing the picture; give it back with {@link revokeBackgroundUrl} when done. */
export function backgroundUrl(background: MapBackground): string {
  return URL.createObjectURL(new Blob([base64ToBytes(background.base64)], { type: background.mime }));
}

export function revokeBackgroundUrl(url: string | null | undefined): void {
  if (url) URL.revokeObjectURL(url);
}

// ---------------------------------------------------------------------------------------------
// In the browser.

type Canvas = OffscreenCanvas | HTMLCanvasElement;

function makeCanvas(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function encode(canvas: Canvas, type: string, quality: number): Promise<Blob | null> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality }).catch(() => null);
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/** Draws the picture at the given size and encodes it as WebP, or JPEG where WebP can't be written. */
async function encodeAt(image: ImageBitmap, width: number, height: number, quality: number): Promise<Blob | null> {
  const canvas = makeCanvas(width, height);
  const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!context) return null;
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);
  const webp = await encode(canvas, 'image/webp', quality);
  // A browser that can't write WebP hands back a PNG instead.
  if (webp && webp.type === 'image/webp') return webp;
  // JPEG has no transparency: paint the transparent parts dark, as the map shows them.
  context.globalCompositeOperation = 'destination-over';
  context.fillStyle = '#101318';
  context.fillRect(0, 0, width, height);
  return encode(canvas, 'image/jpeg', quality);
}

/**
 * Reads a picture the GM picked into a background: checked, decoded, scaled down to at most
 * {@link MAX_IMAGE_SIDE} on its long side and re-encoded (smaller again until it is under
 * {@link TARGET_IMAGE_BYTES}).
 */
export async function importBackground(file: File): Promise<Result<MapBackground>> {
  const checked = checkImageFile(file);
  if (!checked.ok) return checked;
  let image: ImageBitmap;
  try {
    image = await createImageBitmap(file);
  } catch {
    return failure('background/unreadable', `"${file.name}" could not be read as a picture; it may be damaged. Open it in an image editor, save it again and pick it again.`);
  }
  try {
    let last: Blob | null = null;
    let size = { width: image.width, height: image.height };
    for (const step of encodingSteps(image.width, image.height)) {
      last = await encodeAt(image, step.width, step.height, step.quality);
      size = step;
      if (last && last.size <= TARGET_IMAGE_BYTES) break;
    }
    const mime = last?.type === 'image/webp' ? 'image/webp' : last?.type === 'image/jpeg' ? 'image/jpeg' : null;
    if (!last || !mime) {
      return failure('background/encode', `"${file.name}" could not be converted for the map in this browser.`);
    }
    if (last.size > TARGET_IMAGE_BYTES * 2) {
      return failure('background/too-detailed', `"${file.name}" stays over ${formatBytes(TARGET_IMAGE_BYTES * 2)} even made smaller. Try a simpler picture.`);
    }
    const base64 = bytesToBase64(new Uint8Array(await last.arrayBuffer()));
    return { ok: true, value: { mime, base64, width: size.width, height: size.height } };
  } finally {
    image.close();
  }
}

/**
 * The picture picked in a file field, read by {@link importBackground}; null when none was picked.
 * The field is emptied, so picking the same file again reads it again.
 */
export async function importPicked(event: Event & { currentTarget: HTMLInputElement }): Promise<Result<MapBackground> | null> {
  const file = event.currentTarget.files?.[0];
  event.currentTarget.value = '';
  return file ? importBackground(file) : null;
}
