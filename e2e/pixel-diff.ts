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
