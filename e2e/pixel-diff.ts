import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/** Share of identical pixels between two screenshots of one size (pixelmatch, anti-aliasing tolerated). */
export function identicalShare(a: Buffer, b: Buffer): number {
  const left = PNG.sync.read(a);
  const right = PNG.sync.read(b);
  if (left.width !== right.width || left.height !== right.height) return 0;
  const differing = pixelmatch(left.data, right.data, undefined, left.width, left.height, { threshold: 0.1 });
  return 1 - differing / (left.width * left.height);
}

/**
 * Share of identical pixels between two whole-page screenshots that may differ in size (a page that grew or
 * shrank): both are laid on the larger area, and what only one of them covers counts as different.
 */
export function identicalPageShare(a: Buffer, b: Buffer): number {
  const left = PNG.sync.read(a);
  const right = PNG.sync.read(b);
  if (left.width === right.width && left.height === right.height) return identicalShare(a, b);
  const width = Math.max(left.width, right.width);
  const height = Math.max(left.height, right.height);
  const lay = (image: PNG, fill: number) => {
    const out = Buffer.alloc(width * height * 4, fill);
    for (let y = 0; y < image.height; y++)
      image.data.copy(out, y * width * 4, y * image.width * 4, (y + 1) * image.width * 4);
    return out;
  };
  // Different fills: an area only one page covers never matches.
  const differing = pixelmatch(lay(left, 0), lay(right, 255), undefined, width, height, { threshold: 0.1 });
  return 1 - differing / (width * height);
}
