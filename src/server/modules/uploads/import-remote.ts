import type { FastifyInstance } from 'fastify';
import { CREATIVE_TOO_LARGE } from '../../../shared/schemas/offers';
import { AppError, ValidationError } from '../../lib/errors';
import { detectFileType } from '../../lib/file-type';
import { guardedGet } from '../../lib/outbound/guarded-fetch';
import { OutboundError } from '../../lib/outbound/outbound-error';
import type { UploadRule } from '../../lib/read-upload';
import { CREATIVE_UPLOAD } from './uploads-api.routes';

type Deps = Pick<FastifyInstance, 'config' | 'storage'>;
type Folder = 'avatars' | 'creatives' | 'banners';

export const IMPORT_FAILED = 'Não foi possível baixar o criativo: ';
/** One deadline for the whole download (redirects included). */
const IMPORT_TIMEOUT_MS = 20_000;
const IMPORT_MAX_REDIRECTS = 5;

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const failed = (reason: string) => new ValidationError(`${IMPORT_FAILED}${reason}`);

/**
 * Downloads a remote image or video once, through the guarded client, into this app's storage (so its
 * resized copies are made and members' browsers never call the advertiser's host). The size cap is the
 * upload limit, the type comes from the bytes (never the Content-Type header). Every failure is a
 * ValidationError (400) 'Não foi possível baixar o criativo: ...'.
 */
export async function importRemoteMedia(
  deps: Deps,
  url: string,
  options: { folder?: Folder; rule?: UploadRule } = {},
): Promise<{ url: string; kind: 'image' | 'video' }> {
  const rule = options.rule ?? CREATIVE_UPLOAD;
  let body: Buffer;
  try {
    const res = await guardedGet(url, {
      allowPrivateNetwork: deps.config.ALLOW_PRIVATE_NETWORK_TARGETS,
      maxBytes: rule.maxBytes,
      timeoutMs: IMPORT_TIMEOUT_MS,
      maxRedirects: IMPORT_MAX_REDIRECTS,
      headers: { accept: 'image/*, video/*;q=0.9, */*;q=0.5' },
    });
    if (res.status !== 200) throw failed(`o servidor respondeu com o status ${res.status}.`);
    body = res.body;
  } catch (err) {
    if (err instanceof OutboundError) {
      throw failed(
        err.reason === 'too-large' ? `${lowerFirst(CREATIVE_TOO_LARGE)}.` : lowerFirst(err.message),
      );
    }
    throw err;
  }
  const type = detectFileType(body);
  if (!type || !rule.accepts(type))
    throw failed(`o endereço não devolveu um arquivo aceito (${lowerFirst(rule.badType)}).`);
  try {
    const stored = await deps.storage.put(body, type, options.folder ?? 'creatives');
    return { url: stored.url, kind: type.kind };
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) throw failed(lowerFirst(err.message));
    throw err;
  }
}

/**
 * The stored file a creative URL stands for: an absolute URL of this app's own storage becomes the stored
 * URL; another http(s) URL is downloaded (importRemoteMedia). Undefined for anything else (empty, already
 * stored, or not http(s)), which the caller validates as before.
 */
export async function importCreativeIfRemote(
  deps: Deps,
  creative: string | null | undefined,
): Promise<{ url: string; kind: 'image' | 'video'; imported: boolean } | undefined> {
  const value = creative?.trim();
  if (!value || !/^https?:\/\//i.test(value) || deps.storage.owns(value)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return undefined;
  }
  if (parsed.origin === deps.config.APP_ORIGIN && deps.storage.owns(parsed.pathname)) {
    return {
      url: parsed.pathname,
      kind: /\.(mp4|mov|mpg)$/.test(parsed.pathname) ? 'video' : 'image',
      imported: false,
    };
  }
  return { ...(await importRemoteMedia(deps, value)), imported: true };
}

/**
 * Admin forms that take a creative URL: a URL on another host is downloaded into storage before the write,
 * and the write gets the stored URL and the file's kind. When the write fails, the downloaded file is removed.
 */
export async function withImportedCreative<
  T extends { creative?: string | null; creativeType?: 'image' | 'video' },
  R,
>(deps: Deps, input: T, write: (input: T) => Promise<R>): Promise<R> {
  const found = await importCreativeIfRemote(deps, input.creative);
  if (!found) return write(input);
  try {
    return await write({ ...input, creative: found.url, creativeType: found.kind });
  } catch (err) {
    if (found.imported) await deps.storage.remove(found.url).catch(() => {});
    throw err;
  }
}
