import { describe, expect, it } from 'vitest';
import { EMBED_VARIANT_COUNT, parseStartSeconds, VIDEO_EMBED_ORIGINS, videoEmbedOf } from './live-call-embed';
import { isCalendarDate, liveCallInput, liveCallLockedMessage } from './schemas/live-calls';

const ID = 'aqz-KE-bpKQ';

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
    for (const link of [`https://youtu.be/${ID}`, 'https://vimeo.com/76979871/abc']) {
      for (const url of videoEmbedOf(link)!.embedUrls) {
        expect(VIDEO_EMBED_ORIGINS).toContain(new URL(url).origin);
      }
    }
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
