import type { FastifyRequest } from 'fastify';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from './errors';
import { type DetectedType, detectFileType } from './file-type';
import type { Storage, StorageFolder } from './storage/storage';

/** Room for the multipart envelope around a file of the maximum size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** What one upload route accepts, and the Portuguese message for each refusal. */
export interface UploadRule {
  maxBytes: number;
  /** 413: the file (or the declared body) is over maxBytes. */
  tooLarge: string;
  /** 400: no file in the multipart field 'file'. */
  missing: string;
  /** 415: the bytes are not one of the accepted types. */
  badType: string;
  accepts(type: DetectedType): boolean;
}

export interface Upload {
  data: Buffer;
  type: DetectedType;
}

/**
 * Reads the single multipart file of field 'file': size first (the declared length, then while reading),
 * then the type from its magic bytes (never the name or the client's declared type).
 */
export async function readUpload(request: FastifyRequest, rule: UploadRule): Promise<Upload> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > rule.maxBytes + MULTIPART_OVERHEAD_BYTES) throw new PayloadTooLargeError(rule.tooLarge);
  // The rule's size, not only the app-wide multipart default (post images may be larger than creatives).
  const file = await request.file({ limits: { fileSize: rule.maxBytes } });
  if (file?.fieldname !== 'file') throw new ValidationError(rule.missing);
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new PayloadTooLargeError(rule.tooLarge);
    }
    throw err;
  }
  if (file.file.truncated || data.length > rule.maxBytes) throw new PayloadTooLargeError(rule.tooLarge);
  const type = detectFileType(data);
  if (!type || !rule.accepts(type)) throw new UnsupportedMediaTypeError(rule.badType);
  return { data, type };
}

/** True when the URL is a file this app's storage created in that folder (an avatar, a creative, a banner, a post image). */
export function isStoredUpload(storage: Pick<Storage, 'owns'>, url: string, folder: StorageFolder): boolean {
  return storage.owns(url) && new RegExp(`/${folder}/[^/]+$`).test(url);
}

/** The kind of a stored file from the extension storage gave it (the type was checked on upload). */
export function storedFileKind(url: string): 'image' | 'video' {
  return /\.(mp4|mov|mpg)$/i.test(url) ? 'video' : 'image';
}
