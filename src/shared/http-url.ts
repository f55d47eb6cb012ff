/** The longest URL any form of the app takes. */
export const HTTP_URL_MAX_LENGTH = 2048;

/**
 * A URL a member typed, as the app's forms take it: trimmed, absolute, http or https, with a host, at most
 * HTTP_URL_MAX_LENGTH characters; null otherwise. The cloner's URL and the live calls' links follow this rule (each
 * with its own message).
 */
export function parseHttpUrl(input: string): URL | null {
  const text = input.trim();
  if (!text || text.length > HTTP_URL_MAX_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url : null;
}

/** A scheme typed at the start of an address ("https://", "ftp://"). */
const TYPED_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** A web address a member typed, and whether they typed its http(s):// (without it, https then http are tried). */
export interface WebAddress {
  url: URL;
  schemeTyped: boolean;
}

/**
 * A page address as the tools that fetch a member's site take it (the cloner; the slug checker's domain follows
 * the same idea): an absolute http(s) URL by parseHttpUrl, or the same without its scheme (`site.com/obrigado`,
 * `127.0.0.1:8080/x`), whose host must hold a dot and no user or password, written with https:// and
 * `schemeTyped: false`. null otherwise.
 */
export function parseWebAddress(input: string): WebAddress | null {
  const text = input.trim();
  if (TYPED_SCHEME.test(text)) {
    const url = parseHttpUrl(text);
    return url ? { url, schemeTyped: true } : null;
  }
  if (text.startsWith('/')) return null;
  const url = parseHttpUrl(`https://${text}`);
  if (!url || url.username || url.password || !url.hostname.includes('.')) return null;
  if (url.hostname.startsWith('.') || url.hostname.endsWith('.') || url.hostname.includes('..')) return null;
  return { url, schemeTyped: false };
}
