import { describe, expect, it } from 'vitest';
import {
  EMBED_VARIANT_COUNT,
  isAllowedEmbedOrigin,
  isPandaVideoDomain,
  parseStartSeconds,
  videoEmbedOf,
  videoLinkOf,
} from './live-call-embed';
import { isCalendarDate, liveCallInput, liveCallLockedMessage } from './schemas/live-calls';

const ID = 'aqz-KE-bpKQ';
const PANDA_ID = '416ff6ee-9cfc-40b4-b902-d599c271c7b4';

describe('videoEmbedOf', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}&list=PL123`,
    `https://m.youtube.com/watch?v=${ID}`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=abc`,
    `https://www.youtube.com/live/${ID}?feature=share`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `  http://www.youtube.com/watch?v=${ID}  `,
  ])('reads the YouTube video of %s', (link) => {
    const embed = videoEmbedOf(link);
    expect(embed?.site).toBe('YouTube');
    expect(embed?.videoId).toBe(ID);
    expect(embed?.watchUrl).toBe(`https://www.youtube.com/watch?v=${ID}`);
  });

  it('gives 4 distinct YouTube embeds, the privacy-enhanced domain first', () => {
    const embed = videoEmbedOf(`https://www.youtube.com/watch?v=${ID}`)!;
    expect(embed.embedUrls).toEqual([
      `https://www.youtube-nocookie.com/embed/${ID}?rel=0&modestbranding=1&playsinline=1`,
      `https://www.youtube.com/embed/${ID}?rel=0&modestbranding=1&playsinline=1`,
      `https://www.youtube-nocookie.com/embed/${ID}`,
      `https://www.youtube.com/embed/${ID}`,
    ]);
    expect(new Set(embed.embedUrls).size).toBe(EMBED_VARIANT_COUNT);
  });

  it('keeps a start time in every variant and in the watch link', () => {
    const embed = videoEmbedOf(`https://youtu.be/${ID}?t=1m30s`)!;
    for (const url of embed.embedUrls) expect(new URL(url).searchParams.get('start')).toBe('90');
    expect(embed.watchUrl).toBe(`https://www.youtube.com/watch?v=${ID}&t=90s`);
  });

  it('reads Vimeo links, with the private hash of unlisted videos', () => {
    const plain = videoEmbedOf('https://vimeo.com/76979871')!;
    expect(plain.site).toBe('Vimeo');
    expect(plain.embedUrls).toEqual([
      'https://player.vimeo.com/video/76979871?dnt=1&title=0&byline=0',
      'https://player.vimeo.com/video/76979871?dnt=1',
      'https://player.vimeo.com/video/76979871?title=0&byline=0',
      'https://player.vimeo.com/video/76979871',
    ]);
    expect(plain.watchUrl).toBe('https://vimeo.com/76979871');
    const unlisted = videoEmbedOf('https://vimeo.com/76979871/abc123def')!;
    expect(unlisted.embedUrls.every((u) => new URL(u).searchParams.get('h') === 'abc123def')).toBe(true);
    expect(unlisted.watchUrl).toBe('https://vimeo.com/76979871/abc123def');
    expect(videoEmbedOf('https://player.vimeo.com/video/76979871?h=ff00')?.embedUrls[3]).toBe(
      'https://player.vimeo.com/video/76979871?h=ff00',
    );
    expect(videoEmbedOf('https://vimeo.com/channels/staffpicks/76979871')?.videoId).toBe('76979871');
  });

  it.each([
    null,
    '',
    'https://meet.google.com/abc-defg-hij',
    'https://us02web.zoom.us/j/123456789',
    'https://drive.google.com/file/d/xyz/view',
    'https://www.youtube.com/watch?v=curto',
    'https://www.youtube.com/watch?v=aqz-KE-bpKQ"><script>',
    'https://www.youtube.com/channel/UC123',
    'https://vimeo.com/about',
    'https://youtube.com.evil.example/watch?v=aqz-KE-bpKQ',
    'javascript:alert(1)//youtube.com/watch?v=aqz-KE-bpKQ',
    'youtube.com/watch?v=aqz-KE-bpKQ',
  ])('is null for %s (opens in a new tab instead)', (link) => {
    expect(videoEmbedOf(link)).toBeNull();
  });

  it('only ever points at the origins the CSP allows', () => {
    for (const link of [
      `https://youtu.be/${ID}`,
      'https://vimeo.com/76979871/abc',
      `https://player-vz-b35d55b6-835.tv.pandavideo.com.br/embed/?v=${PANDA_ID}`,
      `https://player-vz-7cd4a4ef-9e2.tv.pandavideo.com/embed/?v=${PANDA_ID}`,
      `https://player.pandavideo.com.br/embed/?v=${PANDA_ID}`,
    ]) {
      for (const options of [{}, { autoplay: true }]) {
        for (const url of videoEmbedOf(link, options)!.embedUrls) {
          expect(isAllowedEmbedOrigin(new URL(url).origin), url).toBe(true);
        }
      }
    }
  });

  it('matches CSP wildcards as CSP does: one or more labels, never the bare domain or a look-alike', () => {
    expect(isAllowedEmbedOrigin('https://www.youtube.com')).toBe(true);
    expect(isAllowedEmbedOrigin('https://player-vz-1.tv.pandavideo.com.br')).toBe(true);
    expect(isAllowedEmbedOrigin('https://tv.pandavideo.com.br')).toBe(false);
    expect(isAllowedEmbedOrigin('https://.tv.pandavideo.com.br')).toBe(false);
    expect(isAllowedEmbedOrigin('https://eviltv.pandavideo.com.br')).toBe(false);
    expect(isAllowedEmbedOrigin('http://player-vz-1.tv.pandavideo.com.br')).toBe(false);
    expect(isAllowedEmbedOrigin('https://youtube.com')).toBe(false);
  });

  it('reads Panda Video player links, keeping the account’s host', () => {
    for (const host of [
      'player-vz-b35d55b6-835.tv.pandavideo.com.br',
      'player-vz-7cd4a4ef-9e2.tv.pandavideo.com',
    ]) {
      const embed = videoEmbedOf(`https://${host}/embed/?v=${PANDA_ID.toUpperCase()}&foo=1`)!;
      expect(embed.site).toBe('Panda Video');
      expect(embed.videoId).toBe(PANDA_ID);
      expect(embed.embedUrls).toEqual([`https://${host}/embed/?v=${PANDA_ID}`]);
      expect(embed.watchUrl).toBe(`https://${host}/embed/?v=${PANDA_ID}`);
    }
    expect(videoEmbedOf(`https://player.pandavideo.com.br/embed?v=${PANDA_ID}`)?.site).toBe('Panda Video');
  });

  it.each([
    `https://player-vz-b35d55b6-835.tv.pandavideo.com.br/embed/?v=curto`,
    `https://player-vz-b35d55b6-835.tv.pandavideo.com.br/embed/`,
    `https://player-vz-b35d55b6-835.tv.pandavideo.com.br/outra/?v=${PANDA_ID}`,
    `http://player-vz-b35d55b6-835.tv.pandavideo.com.br/embed/?v=${PANDA_ID}`,
    `https://player-vz-x.tv.pandavideo.com.br.evil.example/embed/?v=${PANDA_ID}`,
    `https://evil.tv.pandavideo.com.br/embed/?v=${PANDA_ID}`,
    `https://dashboard.pandavideo.com.br/#/videos/${PANDA_ID}`,
  ])('refuses the Panda-looking %s', (link) => {
    expect(videoEmbedOf(link)).toBeNull();
  });

  it('adds autoplay to every variant when asked (the beginner map), and only then', () => {
    const yt = videoEmbedOf(`https://youtu.be/${ID}?t=5`, { autoplay: true })!;
    expect(yt.embedUrls[0]).toBe(
      `https://www.youtube-nocookie.com/embed/${ID}?rel=0&modestbranding=1&playsinline=1&start=5&autoplay=1`,
    );
    for (const url of yt.embedUrls) expect(new URL(url).searchParams.get('autoplay')).toBe('1');
    expect(new Set(yt.embedUrls).size).toBe(EMBED_VARIANT_COUNT);
    const vimeo = videoEmbedOf('https://vimeo.com/76979871', { autoplay: true })!;
    for (const url of vimeo.embedUrls) expect(new URL(url).searchParams.get('autoplay')).toBe('1');
    const panda = videoEmbedOf(`https://player.pandavideo.com.br/embed/?v=${PANDA_ID}`, { autoplay: true })!;
    expect(panda.embedUrls).toEqual([
      `https://player.pandavideo.com.br/embed/?v=${PANDA_ID}&autoplay=true`,
      `https://player.pandavideo.com.br/embed/?v=${PANDA_ID}`,
    ]);
    for (const url of videoEmbedOf(`https://youtu.be/${ID}`)!.embedUrls)
      expect(new URL(url).searchParams.has('autoplay')).toBe(false);
  });

  it('takes the link out of a pasted <iframe> embed code', () => {
    const src = `https://player-vz-b35d55b6-835.tv.pandavideo.com.br/embed/?v=${PANDA_ID}`;
    expect(
      videoLinkOf(`  <iframe id="panda-x" src="${src}" style="border:none" allowfullscreen></iframe> `),
    ).toBe(src);
    expect(videoLinkOf(`<iframe src='https://www.youtube.com/embed/${ID}?a=1&amp;b=2'></iframe>`)).toBe(
      `https://www.youtube.com/embed/${ID}?a=1&b=2`,
    );
    expect(videoLinkOf('<iframe></iframe>')).toBe('');
    expect(videoLinkOf(`  https://youtu.be/${ID} `)).toBe(`https://youtu.be/${ID}`);
    expect(videoLinkOf('<div src="https://x.com">')).toBe('<div src="https://x.com">');
  });

  it('tells Panda Video domains apart', () => {
    expect(isPandaVideoDomain(`https://dashboard.pandavideo.com.br/#/videos/${PANDA_ID}`)).toBe(true);
    expect(isPandaVideoDomain('https://pandavideo.com')).toBe(true);
    expect(isPandaVideoDomain('https://notpandavideo.com')).toBe(false);
    expect(isPandaVideoDomain('nada')).toBe(false);
  });

  it('parses start times', () => {
    expect(parseStartSeconds('90')).toBe(90);
    expect(parseStartSeconds('1h2m3s')).toBe(3723);
    expect(parseStartSeconds('45s')).toBe(45);
    expect(parseStartSeconds('0')).toBeNull();
    expect(parseStartSeconds('abc')).toBeNull();
    expect(parseStartSeconds('')).toBeNull();
  });
});

describe('live call form rules', () => {
  it('accepts a full call and normalises the optional fields', () => {
    const ok = liveCallInput.parse({
      title: '  Call de quinta ',
      description: 'Escala',
      callTime: '20:00',
      callDate: '',
      link: '  ',
    });
    expect(ok).toEqual({
      title: 'Call de quinta',
      description: 'Escala',
      callTime: '20:00',
      callDate: null,
      link: null,
      status: 'Agendado',
    });
  });

  it('checks time, date and link formats', () => {
    const base = { title: 't', description: 'd', callTime: '20:00' };
    expect(liveCallInput.safeParse({ ...base, callTime: '24:00' }).success).toBe(false);
    expect(liveCallInput.safeParse({ ...base, callDate: '2026-02-30' }).success).toBe(false);
    expect(liveCallInput.safeParse({ ...base, callDate: '2026-11-26' }).success).toBe(true);
    expect(liveCallInput.safeParse({ ...base, link: 'ftp://x.com/a' }).success).toBe(false);
    expect(liveCallInput.safeParse({ ...base, link: 'https://meet.google.com/abc' }).success).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-13-01')).toBe(false);
  });

  it("words the lock with the server's days", () => {
    expect(liveCallLockedMessage(5)).toBe(
      'Para assistir as calls publicadas, sua conta precisa ter mais de 7 dias. Libera daqui 5 dias.',
    );
    expect(liveCallLockedMessage(1)).toMatch(/Libera daqui 1 dia\.$/);
  });
});
