import sharp from 'sharp';
import {
  IMAGE_VARIANT_WIDTHS,
  type ImageVariantWidth,
  STORAGE_FOLDER_PATTERN,
} from '../../../shared/image-variants';
import { ValidationError } from '../errors';

/**
 * The resized WebP copies of stored images (contract: src/shared/image-variants.ts): `<name>-w<width>.webp`
 * beside every JPEG, PNG or WebP original, never enlarged. Made when the file is stored; a file sharp cannot
 * decode is refused there with a 400, so nothing unreadable is ever stored as an image.
 */

/** Largest image decoded (width x height). Above it the upload is refused: a small file can hide a huge canvas. */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const IMAGE_UNREADABLE = 'Não foi possível ler a imagem: o arquivo está corrompido ou incompleto.';
export const IMAGE_TOO_MANY_PIXELS = 'Imagem grande demais: envie uma imagem com no máximo 50 megapixels.';

const SOURCE_EXT = /\.(jpg|png|webp)$/;
const WIDTHS = IMAGE_VARIANT_WIDTHS.join('|');
/** A copy's key: `<folder>/<32 hex>-w<width>.webp`. */
export const VARIANT_KEY_RE = new RegExp(
  `^(${STORAGE_FOLDER_PATTERN})\\/[a-f0-9]{32}-w(?:${WIDTHS})\\.webp$`,
);

/** True for the stored types that get copies (JPEG, PNG, WebP; never GIFs or videos). */
export function hasImageVariants(ext: string): boolean {
  return ext === 'jpg' || ext === 'png' || ext === 'webp';
}

/** The keys of an original's copies (none for a GIF or a video). */
export function variantKeys(key: string): { width: ImageVariantWidth; key: string }[] {
  if (!SOURCE_EXT.test(key)) return [];
  return IMAGE_VARIANT_WIDTHS.map((width) => ({ width, key: key.replace(SOURCE_EXT, `-w${width}.webp`) }));
}

/** The originals a copy may come from (`<base>.jpg|png|webp`), for a copy key; [] for anything else. */
export function originalCandidates(variantKey: string): string[] {
  if (!VARIANT_KEY_RE.test(variantKey)) return [];
  const base = variantKey.replace(/-w\d+\.webp$/, '');
  return ['jpg', 'png', 'webp'].map((ext) => `${base}.${ext}`);
}

export interface ImageVariant {
  width: ImageVariantWidth;
  data: Buffer;
}

/**
 * One WebP per width (EXIF orientation applied, metadata dropped, never enlarged). Throws a Portuguese
 * ValidationError (400) when sharp cannot decode the file or it has more than MAX_IMAGE_PIXELS.
 */
export async function makeImageVariants(data: Buffer): Promise<ImageVariant[]> {
  const decode = () => sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', pages: 1 });
  try {
    const { width, height, orientation } = await decode().metadata();
    if (!width || !height) throw new Error('no dimensions');
    if (width * height > MAX_IMAGE_PIXELS) throw new Error('Input image exceeds pixel limit');
    // EXIF orientations 5-8 turn the picture a quarter: its displayed width is the stored height.
    const shownWidth = orientation && orientation >= 5 ? height : width;
    // Never enlarged: widths past the original's share one encoding.
    const encodings = new Map<number, Promise<Buffer>>();
    const encode = (w: number) =>
      decode()
        .rotate()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 80, effort: 2 })
        .toBuffer();
    return await Promise.all(
      IMAGE_VARIANT_WIDTHS.map(async (w) => {
        const target = Math.min(w, shownWidth);
        let encoded = encodings.get(target);
        if (!encoded) {
          encoded = encode(target);
          encodings.set(target, encoded);
        }
        return { width: w, data: await encoded };
      }),
    );
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    if (/pixel limit/i.test(message)) throw new ValidationError(IMAGE_TOO_MANY_PIXELS);
    throw new ValidationError(IMAGE_UNREADABLE);
  }
}
