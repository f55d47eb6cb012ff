import { HTTP_URL_MAX_LENGTH, parseHttpUrl } from '../http-url';
import { z } from './zod';

/** Spec §5: an empty URL, and one that does not parse as an absolute http(s) URL. */
export const CLONE_URL_REQUIRED = 'Por favor, insira uma URL válida.';
export const CLONE_URL_INVALID = 'Por favor, insira uma URL válida (ex: https://exemplo.com.br).';
export const CLONE_URL_MAX_LENGTH = HTTP_URL_MAX_LENGTH;

/** The fixed prefix of a clone's ZIP name (spec §8/§9: prefix + timestamp + .zip). */
export const CLONE_FILE_PREFIX = 'site-clonado-';

/** A member's URL as the cloner takes it (shared/http-url.ts), or the spec's message. */
export function parseCloneUrl(input: string): { url: URL } | { error: string } {
  if (!input.trim()) return { error: CLONE_URL_REQUIRED };
  const url = parseHttpUrl(input);
  return url ? { url } : { error: CLONE_URL_INVALID };
}

/** POST /api/clone-website: `{ url }` (spec §7). */
export const cloneWebsiteInput = z
  .object({ url: z.string({ message: CLONE_URL_REQUIRED }).max(CLONE_URL_MAX_LENGTH, CLONE_URL_INVALID) })
  .superRefine((value, ctx) => {
    const parsed = parseCloneUrl(value.url);
    if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error, path: ['url'] });
  });
export type CloneWebsiteInput = z.infer<typeof cloneWebsiteInput>;

/**
 * The answer (spec §7): `success`, `downloadUrl` (the member's own download link, '' on failure) and `error`
 * ('' on success; on failure the cause in Portuguese: robots.txt, connection or time-out, login, inaccessible
 * or invalid URL, or a limit).
 */
export const cloneWebsiteResponse = z.object({
  success: z.boolean(),
  downloadUrl: z.string(),
  error: z.string(),
  /** The ZIP's name (prefix + timestamp), when it was made. */
  fileName: z.string().optional(),
  /** How many files the ZIP holds, when it was made. */
  fileCount: z.number().int().optional(),
});
export type CloneWebsiteResponse = z.infer<typeof cloneWebsiteResponse>;
