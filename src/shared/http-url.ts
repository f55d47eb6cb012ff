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
