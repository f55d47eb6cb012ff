import { parseHttpUrl } from './http-url';

/**
 * The app's one reader of video links: the live calls' recordings and the beginner map's lessons play YouTube,
 * Vimeo and Panda Video links inline. The inline player tries up to 4 embed variants, each for at
 * most 10 s, before giving up.
 */
export const EMBED_VARIANT_COUNT = 4;
export const EMBED_TIMEOUT_MS = 10_000;

/**
 * Every frame source an embed URL below points at, as CSP sources (the app's frame-src is this list; a test
 * checks each embed against it). Panda Video serves each account's player from its own host under
 * tv.pandavideo.com(.br), hence the wildcards.
 */
export const VIDEO_EMBED_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
  'https://player.vimeo.com',
  'https://*.tv.pandavideo.com.br',
  'https://*.tv.pandavideo.com',
  'https://player.pandavideo.com.br',
] as const;

/** True when one of VIDEO_EMBED_ORIGINS allows framing `origin` (CSP host matching: `*.` is one or more labels). */
export function isAllowedEmbedOrigin(origin: string): boolean {
  return VIDEO_EMBED_ORIGINS.some((source) => {
    if (!source.includes('*')) return source === origin;
    const suffix = source.slice('https://*'.length);
    return (
      origin.startsWith('https://') &&
      origin.endsWith(suffix) &&
      origin.length > 'https://'.length + suffix.length
    );
  });
}

export type VideoSite = 'YouTube' | 'Vimeo' | 'Panda Video';

export interface VideoEmbed {
  /** The video site, named on the 'Assistir no …' button. */
  site: VideoSite;
  videoId: string;
  /** The embed URLs the player tries in order (at most EMBED_VARIANT_COUNT). */
  embedUrls: string[];
  /** The video's page on its site, for the fallback button. */
  watchUrl: string;
}

export interface EmbedOptions {
  /** Start playing when the frame opens (the beginner map's lessons: the member clicked to watch). */
  autoplay?: boolean;
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

function youtube(url: URL, options: EmbedOptions): VideoEmbed | null {
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
  const startParam: Record<string, string> = {
    ...(start ? { start: String(start) } : {}),
    ...(options.autoplay ? { autoplay: '1' } : {}),
  };
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

function vimeo(url: URL, options: EmbedOptions): VideoEmbed | null {
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
  const autoplayParam: Record<string, string> = options.autoplay ? { autoplay: '1' } : {};
  const embed = (params: Record<string, string>) => {
    const query = new URLSearchParams({ ...hashParam, ...params, ...autoplayParam }).toString();
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

/** Panda Video's player hosts: each account's `player-vz-<library>.tv.pandavideo.com(.br)`, and the shared one. */
const PANDA_HOST =
  /^(?:player-vz-[a-z0-9-]{1,40}\.tv\.pandavideo\.com(?:\.br)?|player\.pandavideo\.com\.br)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a link on one of Panda Video's domains (a recognised player link or not). */
export function isPandaVideoDomain(link: string): boolean {
  const host = parseHttpUrl(link)?.hostname.toLowerCase() ?? '';
  return /(^|\.)pandavideo\.com(\.br)?$/.test(host);
}

/**
 * Panda Video's player link, as its panel copies it and its API returns it (`video_player`):
 * `https://player-vz-<library>.tv.pandavideo.com.br/embed/?v=<video uuid>` (also on .com). The embed keeps the
 * account's host: the video is served from that library.
 */
function panda(url: URL, options: EmbedOptions): VideoEmbed | null {
  const host = url.hostname.toLowerCase();
  if (!PANDA_HOST.test(host) || url.protocol !== 'https:') return null;
  if (url.pathname !== '/embed/' && url.pathname !== '/embed') return null;
  const id = url.searchParams.get('v');
  if (!id || !UUID.test(id)) return null;
  const base = `https://${host}/embed/?v=${id.toLowerCase()}`;
  return {
    site: 'Panda Video',
    videoId: id.toLowerCase(),
    // Panda's player reads autoplay=true; the bare player is the fallback.
    embedUrls: options.autoplay ? [`${base}&autoplay=true`, base] : [base],
    watchUrl: base,
  };
}

/**
 * The link in what an administrator pasted: the text itself, trimmed, or the `src` of an `<iframe>` embed code
 * (video sites offer that code first; the link inside is what the app stores).
 */
export function videoLinkOf(input: string): string {
  const text = input.trim();
  if (!/^<iframe[\s>]/i.test(text)) return text;
  const src = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(text);
  return (src?.[1] ?? src?.[2] ?? '').replace(/&amp;/g, '&').trim();
}

/**
 * The embed of a video-site link (YouTube, Vimeo or Panda Video), or null for any other link (a Meet or Zoom
 * room, a drive file...): those open in a new tab.
 */
export function videoEmbedOf(link: string | null | undefined, options: EmbedOptions = {}): VideoEmbed | null {
  if (!link) return null;
  const url = parseHttpUrl(link);
  return url ? (youtube(url, options) ?? vimeo(url, options) ?? panda(url, options)) : null;
}
