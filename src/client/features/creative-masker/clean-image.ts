import { imageDimensions, readBytes } from './media-file';
import { type ImageKind, stripImageMetadata } from './strip-metadata';

export interface CleanedImage {
  kind: ImageKind;
  bytes: Uint8Array;
  removed: string[];
  kept: string[];
  sizeBefore: number;
  sizeAfter: number;
  dimensions: { width: number; height: number } | null;
}

/** Reads a checked image file and strips its metadata (throws CorruptImageError on a broken file). */
export async function cleanImage(file: File, kind: ImageKind): Promise<CleanedImage> {
  const original = await readBytes(file);
  const { bytes, removed, kept } = stripImageMetadata(original, kind);
  return {
    kind,
    bytes,
    removed,
    kept,
    sizeBefore: original.length,
    sizeAfter: bytes.length,
    dimensions: imageDimensions(bytes, kind),
  };
}
