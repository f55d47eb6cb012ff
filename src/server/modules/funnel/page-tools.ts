import { type FunnelTool, TOOL_KINDS, type ToolKind } from '../../../shared/schemas/funnel';
import { CHECKOUT_PLATFORMS, checkoutOf } from './checkout-links';
import type { PageFacts } from './page-reader';

/**
 * How a page shows that it uses a tool, from the page alone (no request to anyone): the URLs of its scripts and
 * iframes (`embed`), the URLs it links or navigates to (`link`), its inline scripts' text (`inline`) and its raw
 * HTML (`html`: markup a tool leaves, such as a generator meta or class names). Any one source matching is enough.
 * A host a page merely links to is a tool only where the link IS the use (a WhatsApp chat, a checkout): a
 * footer link to a YouTube channel is not a video player.
 */
export interface ToolSignature {
  kind: ToolKind;
  name: string;
  embed?: RegExp;
  link?: RegExp;
  inline?: RegExp;
  html?: RegExp;
}

/** A URL's host (any subdomain of it) at the start of an absolute URL. */
const host = (pattern: string) =>
  new RegExp(`^https?://(?:[^/?#]*\\.)?(?:${pattern})(?::\\d+)?(?:[/?#]|$)`, 'i');

// biome-ignore format: one signature per line reads better
export const TOOL_SIGNATURES: readonly ToolSignature[] = [
  // Checkout platforms: their links are matched by checkoutOf (the platforms table), see detectTools.
  ...CHECKOUT_PLATFORMS.map((p): ToolSignature => ({ kind: 'checkout', name: p.name })),
  { kind: 'player', name: 'ConverteAI / Vturb', embed: host('converteai\\.net|vturb\\.com\\.br|vturb\\.net'), inline: /scripts\.converteai\.net|cdn\.vturb\.com|smartplayer\.vturb/i, html: /<vturb-smartplayer\b/i },
  { kind: 'player', name: 'Panda Video', embed: host('pandavideo\\.com\\.br|pandavideo\\.com'), inline: /\.pandavideo\.com(?:\.br)?\//i },
  { kind: 'player', name: 'YouTube', embed: /^https?:\/\/(?:www\.)?(?:youtube(?:-nocookie)?\.com\/(?:embed\/|iframe_api|player_api|s\/player)|youtu\.be\/)/i, inline: /youtube\.com\/iframe_api|new\s+YT\.Player\s*\(/ },
  { kind: 'player', name: 'Vimeo', embed: host('player\\.vimeo\\.com'), inline: /player\.vimeo\.com\/api/i },
  { kind: 'player', name: 'Wistia', embed: host('fast\\.wistia\\.(?:com|net)'), html: /class=["'][^"']{0,200}\bwistia_(?:embed|async_)/i },
  { kind: 'quiz', name: 'Inlead', embed: host('inlead\\.digital|inlead\\.app'), link: host('inlead\\.digital|inlead\\.app') },
  { kind: 'quiz', name: 'Typebot', embed: /^https?:\/\/(?:[^/?#]*\.)?(?:typebot\.io|typebot\.co)(?:[/?#]|$)|\/@typebot\.io\/js@/i, link: host('typebot\\.io|typebot\\.co'), inline: /\bTypebot\.init(?:Standard|Bubble|Popup)\s*\(|@typebot\.io\/js/, html: /<typebot-(?:standard|bubble|popup)\b/i },
  { kind: 'quiz', name: 'WhatsApp', link: /^https?:\/\/(?:wa\.me\/|api\.whatsapp\.com\/send|web\.whatsapp\.com\/send|chat\.whatsapp\.com\/)/i },
  { kind: 'tracking', name: 'Meta Pixel', embed: /^https?:\/\/connect\.facebook\.net\/[^/]+\/fbevents\.js/i, inline: /\bfbq\s*\(\s*['"]init['"]|connect\.facebook\.net\/[\w-]+\/fbevents\.js/, html: /facebook\.com\/tr\?id=\d/i },
  { kind: 'tracking', name: 'Google Analytics 4', embed: /^https?:\/\/www\.googletagmanager\.com\/gtag\/js\?id=G-/i, inline: /\bgtag\s*\(\s*['"]config['"]\s*,\s*['"]G-[A-Z0-9]+['"]/ },
  { kind: 'tracking', name: 'Google Ads', embed: /^https?:\/\/www\.googletagmanager\.com\/gtag\/js\?id=AW-/i, inline: /\bgtag\s*\(\s*['"]config['"]\s*,\s*['"]AW-\d+/ },
  { kind: 'tracking', name: 'TikTok Pixel', embed: host('analytics\\.tiktok\\.com'), inline: /\bttq\.load\s*\(|analytics\.tiktok\.com\/i18n\/pixel/ },
  { kind: 'tracking', name: 'UTMify', embed: host('utmify\\.com\\.br|utmify\\.com'), inline: /utmify\.com(?:\.br)?\/|\butmify\b/i },
  { kind: 'builder', name: 'WordPress', html: /\/wp-content\/|\/wp-includes\/|<meta\s[^>]{0,200}content=["']WordPress\b/i },
  { kind: 'builder', name: 'Elementor', html: /\/plugins\/elementor(?:-pro)?\/|class=["'][^"']{0,200}\belementor-(?:element|section|widget|kit)|<meta\s[^>]{0,200}content=["']Elementor\b/i },
  { kind: 'builder', name: 'Webflow', embed: host('website-files\\.com|webflow\\.com|webflow\\.io'), html: /\sdata-wf-(?:page|site)=|<meta\s[^>]{0,200}content=["']Webflow\b/i },
  { kind: 'builder', name: 'Framer', embed: host('framerusercontent\\.com|framer\\.com|framer\\.website'), html: /<meta\s[^>]{0,200}content=["']Framer\b|\sdata-framer-(?:name|component-type|hydrate-v2)=/i },
  { kind: 'builder', name: 'Wix', embed: host('parastorage\\.com|wixstatic\\.com'), html: /<meta\s[^>]{0,200}content=["']Wix\.com Website Builder/i },
  { kind: 'builder', name: 'GreatPages', embed: host('greatpages\\.com\\.br'), html: /greatpages\.com\.br\/|<meta\s[^>]{0,200}content=["']GreatPages\b/i },
];

/** Raw HTML is searched up to this many characters (the markup tools leave is near the top or in assets). */
const HTML_CAP = 2_000_000;

/**
 * The tools a page uses, each once, ordered by kind (TOOL_KINDS) and then by the table. A checkout platform counts
 * when the page links to, embeds or loads one of its checkout URLs.
 */
export function detectTools(page: PageFacts, html: string): FunnelTool[] {
  const embeds = [...page.scripts, ...page.iframes];
  const links = page.links.map((l) => l.url);
  const checkouts = new Set(
    [...links, ...embeds].map((url) => checkoutOf(url)?.platform).filter((p): p is string => p !== undefined),
  );
  const source = html.slice(0, HTML_CAP);
  const found = TOOL_SIGNATURES.filter((s) => {
    if (s.kind === 'checkout') return checkouts.has(s.name);
    const { embed, link, inline, html: markup } = s;
    return (
      (embed !== undefined && embeds.some((url) => embed.test(url))) ||
      (link !== undefined && links.some((url) => link.test(url))) ||
      inline?.test(page.inlineScripts) === true ||
      markup?.test(source) === true
    );
  });
  const seen = new Set<string>();
  return TOOL_KINDS.flatMap((kind) =>
    found
      .filter((s) => s.kind === kind)
      .filter((s) => !seen.has(`${s.kind}:${s.name}`) && seen.add(`${s.kind}:${s.name}`))
      .map((s) => ({ kind: s.kind, name: s.name })),
  );
}
