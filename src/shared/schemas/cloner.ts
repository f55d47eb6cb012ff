import { HTTP_URL_MAX_LENGTH, parseWebAddress, type WebAddress } from '../http-url';
import { SAO_PAULO_TIME_ZONE } from '../sao-paulo-month';
import { z } from './zod';

/** The messages for an empty URL, and for one that does not parse as a web address. */
export const CLONE_URL_REQUIRED = 'Por favor, insira uma URL válida.';
export const CLONE_URL_INVALID = 'Por favor, insira uma URL válida (ex: https://exemplo.com.br).';
export const CLONE_URL_MAX_LENGTH = HTTP_URL_MAX_LENGTH;

/**
 * A member's URL as the cloner takes it: with http(s):// or without (`site.com/obrigado`, tried on https and
 * then http by the server, as the slug checker does), by shared/http-url.ts; or the spec's message.
 */
export function parseCloneUrl(input: string): WebAddress | { error: string } {
  if (!input.trim()) return { error: CLONE_URL_REQUIRED };
  return parseWebAddress(input) ?? { error: CLONE_URL_INVALID };
}

const FILE_NAME_PART = /[^A-Za-z0-9._-]+/g;
const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};
/** A path segment as plain ASCII: decoded, accents dropped ('página' -> 'pagina'), anything else as '-'. */
const fileNamePart = (segment: string) =>
  decoded(segment)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(FILE_NAME_PART, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
const STEM_MAX = 100;

/**
 * The ZIP's name: the page's host and path, then the day in São Paulo (`site.com-obrigado-2026-11-26.zip`; a port
 * as `_8080`, accents dropped, other characters as '-', the query left out). The server sends it in
 * Content-Disposition and in the answer's `fileName`; the download link uses the same.
 */
export function cloneFileName(url: URL, date: Date): string {
  const host = url.host.replace(/[^A-Za-z0-9.-]+/g, '_').replace(/^_+|_+$/g, '');
  const path = url.pathname.split('/').map(fileNamePart).filter(Boolean).join('-');
  const stem = [host, path]
    .filter(Boolean)
    .join('-')
    .slice(0, STEM_MAX)
    .replace(/[-.]+$/, '');
  // en-CA writes the date as yyyy-MM-dd.
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: SAO_PAULO_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
  return `${stem || 'site'}-${day}.zip`;
}

/** POST /api/clone-website: `{ url }`. */
export const cloneWebsiteInput = z
  .object({ url: z.string({ message: CLONE_URL_REQUIRED }).max(CLONE_URL_MAX_LENGTH, CLONE_URL_INVALID) })
  .superRefine((value, ctx) => {
    const parsed = parseCloneUrl(value.url);
    if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error, path: ['url'] });
  });
export type CloneWebsiteInput = z.infer<typeof cloneWebsiteInput>;

/**
 * The answer: `success`, `downloadUrl` (the member's own download link, '' on failure) and `error`
 * ('' on success; on failure the cause in Portuguese: robots.txt, connection or time-out, login, inaccessible
 * or invalid URL, or a limit).
 */
export const cloneWebsiteResponse = z.object({
  success: z.boolean(),
  downloadUrl: z.string(),
  error: z.string(),
  /** The ZIP's name (cloneFileName: site, path and day), when it was made. */
  fileName: z.string().optional(),
  /** How many files the ZIP holds, when it was made. */
  fileCount: z.number().int().optional(),
});
export type CloneWebsiteResponse = z.infer<typeof cloneWebsiteResponse>;
