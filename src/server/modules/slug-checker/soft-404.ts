import { createHash, randomBytes } from 'node:crypto';

/**
 * Soft-404 and wildcard detection (ffuf's -ac, done more carefully). Before the scan a few random paths are
 * requested; each answer is fingerprinted once the echoed path is removed from it (status; body size, words,
 * lines and a digest of the text without digits; or, for a redirect, its target with the path replaced by a
 * placeholder). A scanned answer with the same status that matches one of those fingerprints is the site's
 * own "not found" behaviour: `softNotFound`, never valid. ffuf compares raw sizes, so a page that echoes the
 * path (a different size for every word) or a redirect to /login?next=<path> gets past it; here it does not.
 */

export interface Fingerprint {
  status: number;
  /** For a 3xx with a Location: the absolute target with the requested path replaced by {P}. */
  redirectPattern?: string;
  /** Body measures after removing the echoed path. */
  size: number;
  words: number;
  lines: number;
  /** SHA-1 of the body text without the echoed path, digits and runs of whitespace. */
  digest: string;
  /** The body text measured (the echoed path removed). */
  text: string;
  /** The requested path's spellings, to remove them from a probe's text too when the two are compared. */
  echo: Echo;
}

export interface Calibration {
  fingerprints: Fingerprint[];
  /** Per status: how far apart the probes of that status were (size, words), to widen the tolerance. */
  spread: Map<number, { size: number; words: number }>;
  /** Each probe's text in lower case (same order as `fingerprints`): does an answer's path occur in it? */
  lowerTexts: string[];
}

const randomWord = (length: number) => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
};

/**
 * The probes: slug-like random paths of different lengths and shapes (plain, hyphenated like a funnel page,
 * nested, a trailing slash, with .php and .html extensions), so a not-found page that depends on the path's
 * length or shape is still recognised.
 */
export function calibrationSlugs(): string[] {
  return [
    randomWord(12),
    `${randomWord(7)}-${randomWord(9)}`,
    `${randomWord(8)}/${randomWord(10)}`,
    `${randomWord(10)}/`,
    `${randomWord(10)}.php`,
    `${randomWord(9)}.html`,
  ];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** How one requested path is spelled in a page: what to remove from a text so the path's words no longer count. */
export interface Echo {
  /** Every spelling, as a global case-insensitive pattern of whole tokens. */
  pattern: RegExp;
  /** The same spellings in lower case: a cheap `includes` test before running the pattern on another text. */
  needles: string[];
}

/**
 * Every spelling of the requested path a page or a Location may carry (full URL, path, URL-encoded...), matched
 * only as a whole token (never `log` inside `/login`). Bare words (the slug without its slash, its last segment)
 * only count when they are 4 characters or more, and never in a Location.
 */
function echoOf(origin: URL, slug: string, forLocation: boolean): Echo {
  const path = `/${slug}`;
  const lastSegment = slug.replace(/\/+$/, '').split('/').pop() ?? '';
  const variants = new Set<string>([
    `${origin.origin}${path}`,
    encodeURIComponent(`${origin.origin}${path}`),
    path,
    encodeURIComponent(path),
    encodeURI(path),
    path.replace(/\//g, '\\/'),
    path.replace(/&/g, '&amp;'),
  ]);
  if (!forLocation) {
    for (const word of [slug, encodeURIComponent(slug), lastSegment])
      if (word.length >= 4) variants.add(word);
  }
  const sorted = [...variants].filter((v) => v.length > 0).sort((a, b) => b.length - a.length);
  // A variant starting with a letter or digit needs a boundary before it too ('/' and '%2F' are their own).
  const alternatives = sorted.map(
    (v) => `${/^[A-Za-z0-9]/.test(v) ? '(?<![A-Za-z0-9_.-])' : ''}${escapeRegExp(v)}`,
  );
  return {
    pattern: new RegExp(`(?:${alternatives.join('|')})(?![A-Za-z0-9_-])`, 'gi'),
    needles: [...new Set(sorted.map((v) => v.toLowerCase()))],
  };
}

export interface AnswerLike {
  status: number;
  location?: string;
  body: Buffer;
}

/** The body measures of a text (the echoed path already removed). */
function measure(text: string): Pick<Fingerprint, 'size' | 'words' | 'lines' | 'digest'> {
  const trimmed = text.trim();
  return {
    size: Buffer.byteLength(text),
    words: trimmed ? trimmed.split(/\s+/).length : 0,
    lines: text.split('\n').length,
    digest: createHash('sha1').update(text.replace(/\d+/g, '').replace(/\s+/g, ' ').trim()).digest('hex'),
  };
}

/** The fingerprint of one answer to `origin/slug`. */
export function fingerprint(origin: URL, slug: string, answer: AnswerLike): Fingerprint {
  const echo = echoOf(origin, slug, false);
  const text = answer.body.toString('utf8').replace(echo.pattern, '');
  const result: Fingerprint = { status: answer.status, ...measure(text), text, echo };
  // The scan client already resolved the Location against the URL that answered it.
  const target = answer.location;
  if (answer.status >= 300 && answer.status < 400 && target) {
    result.redirectPattern = target.replace(echoOf(origin, slug, true).pattern, '{P}');
  }
  return result;
}

export function buildCalibration(fingerprints: Fingerprint[]): Calibration {
  const spread = new Map<number, { size: number; words: number }>();
  const byStatus = new Map<number, Fingerprint[]>();
  for (const f of fingerprints) byStatus.set(f.status, [...(byStatus.get(f.status) ?? []), f]);
  for (const [status, group] of byStatus) {
    const sizes = group.map((f) => f.size);
    const words = group.map((f) => f.words);
    spread.set(status, {
      size: Math.max(...sizes) - Math.min(...sizes),
      words: Math.max(...words) - Math.min(...words),
    });
  }
  return { fingerprints, spread, lowerTexts: fingerprints.map((f) => f.text.toLowerCase()) };
}

/**
 * Whether an answer with this status can be a soft-404 at all: never a plain 404 or a failure, and only a status
 * one of the probes got. Checked before fingerprinting, so the answers of an honest site (mostly 404s) cost no
 * fingerprint: on a scan's burst of 20 answers, that time is latency for the answers queued behind.
 */
export function mayBeSoftNotFound(calibration: Calibration, status: number): boolean {
  return status !== 404 && status !== 0 && calibration.fingerprints.some((probe) => probe.status === status);
}

/** Same page as far as the measures tell: the same digest, or size and word count within the tolerance. */
function sameMeasures(
  calibration: Calibration,
  probe: Pick<Fingerprint, 'status' | 'size' | 'words' | 'digest'>,
  answer: Fingerprint,
): boolean {
  if (probe.digest === answer.digest) return true;
  const spread = calibration.spread.get(probe.status) ?? { size: 0, words: 0 };
  const sizeTolerance = Math.max(16, probe.size * 0.02, spread.size * 2);
  const wordTolerance = Math.max(2, probe.words * 0.02, spread.words * 2);
  return (
    Math.abs(probe.size - answer.size) <= sizeTolerance &&
    Math.abs(probe.words - answer.words) <= wordTolerance
  );
}

/**
 * True when the answer is the site's "not found" behaviour (never for a plain 404: that one is honest). The answer
 * lost every spelling of its path, echoes and the page's own words alike (`/vendas` on a template whose menu says
 * 'Vendas'); so when a probe's text holds one of those spellings, the probe is measured again without them and
 * compared once more: both pages then lack the same words. That second measure is rare (the path's words must
 * occur in the probe) and costs one replace and one SHA-1.
 */
export function isSoftNotFound(calibration: Calibration, answer: Fingerprint): boolean {
  if (!mayBeSoftNotFound(calibration, answer.status)) return false;
  return calibration.fingerprints.some((probe, i) => {
    if (probe.status !== answer.status) return false;
    if (probe.redirectPattern !== undefined || answer.redirectPattern !== undefined) {
      return probe.redirectPattern === answer.redirectPattern;
    }
    if (sameMeasures(calibration, probe, answer)) return true;
    const lower = calibration.lowerTexts[i] ?? probe.text.toLowerCase();
    if (!answer.echo.needles.some((needle) => lower.includes(needle))) return false;
    const stripped = probe.text.replace(answer.echo.pattern, '');
    return (
      stripped !== probe.text &&
      sameMeasures(calibration, { status: probe.status, ...measure(stripped) }, answer)
    );
  });
}
