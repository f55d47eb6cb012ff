import { parseHttpUrl } from './http-url';

/** Spec 02 §4/§9: the inline player tries 4 embed variants, each for at most 10 s, before giving up. */
export const EMBED_VARIANT_COUNT = 4;
export const EMBED_TIMEOUT_MS = 10_000;

/** Every origin an embed URL below points at: the CSP's frame-src must allow each (tested). */
export const VIDEO_EMBED_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
  'https://player.vimeo.com',
] as const;

export interface VideoEmbed {
  /** The video site, named on the 'Assistir no …' button. */
  site: 'YouTube' | 'Vimeo';
  videoId: string;
  /** The 4 embed URLs the player tries in order. */
  embedUrls: string[];
  /** The video's page on its site, for the fallback button. */
  watchUrl: string;
}

const YOUTUBE_HOSTS = new Set(['youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_PATH = /^\/(?:embed|live|shorts|v)\/([^/?#]+)/;

/** A YouTube start time ('90', '90s', '1m30s', '1h2m3s') in seconds, or null. */
export function parseStartSeconds(value: string | null): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) || null;
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!match?.[0]) return null;
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  return seconds || null;
}

function youtube(url: URL): VideoEmbed | null {
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  let id: string | undefined;
  if (host === 'youtu.be') id = url.pathname.split('/')[1];
  else if (YOUTUBE_HOSTS.has(host)) {
    id =
      url.pathname === '/watch'
        ? (url.searchParams.get('v') ?? undefined)
        : YOUTUBE_PATH.exec(url.pathname)?.[1];
  } else return null;
  if (!id || !YOUTUBE_ID.test(id)) return null;
  const start = parseStartSeconds(url.searchParams.get('t') ?? url.searchParams.get('start'));
  const startParam: Record<string, string> = start ? { start: String(start) } : {};
  const embed = (origin: string, params: Record<string, string>) => {
    const query = new URLSearchParams({ ...params, ...startParam }).toString();
    return `${origin}/embed/${id}${query ? `?${query}` : ''}`;
  };
  const player = { rel: '0', modestbranding: '1', playsinline: '1' };
  return {
    site: 'YouTube',
    videoId: id,
    // The privacy-enhanced domain first, then the main one; each with the clean player, then bare.
    embedUrls: [
      embed('https://www.youtube-nocookie.com', player),
      embed('https://www.youtube.com', player),
      embed('https://www.youtube-nocookie.com', {}),
      embed('https://www.youtube.com', {}),
    ],
    watchUrl: `https://www.youtube.com/watch?v=${id}${start ? `&t=${start}s` : ''}`,
  };
}

function vimeo(url: URL): VideoEmbed | null {
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  let hash = url.searchParams.get('h') ?? undefined;
  if (host === 'player.vimeo.com' && parts[0] === 'video') id = parts[1];
  else if (host === 'vimeo.com') {
    const at = parts.findIndex((p) => /^\d+$/.test(p));
    if (at >= 0) {
      id = parts[at];
      if (!hash && parts[at + 1] && /^[0-9a-f]+$/i.test(parts[at + 1]!)) hash = parts[at + 1];
    }
  } else return null;
  if (!id || !/^\d{1,12}$/.test(id)) return null;
  if (hash && !/^[0-9a-f]{1,40}$/i.test(hash)) hash = undefined;
  const hashParam: Record<string, string> = hash ? { h: hash } : {};
  const embed = (params: Record<string, string>) => {
    const query = new URLSearchParams({ ...hashParam, ...params }).toString();
    return `https://player.vimeo.com/video/${id}${query ? `?${query}` : ''}`;
  };
  return {
    site: 'Vimeo',
    videoId: id,
    // Without tracking first, then with; each with the clean player, then bare.
    embedUrls: [
      embed({ dnt: '1', title: '0', byline: '0' }),
      embed({ dnt: '1' }),
      embed({ title: '0', byline: '0' }),
      embed({}),
    ],
    watchUrl: `https://vimeo.com/${id}${hash ? `/${hash}` : ''}`,
  };
}

/**
 * The embed of a video-site link (YouTube or Vimeo), or null for any other link (a Meet or Zoom room, a
 * drive file...): those open in a new tab (spec 02 §4).
 */
export function videoEmbedOf(link: string | null | undefined): VideoEmbed | null {
  if (!link) return null;
  const url = parseHttpUrl(link);
  return url ? (youtube(url) ?? vimeo(url)) : null;
}
