import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_VIDEO_ID, ROADMAP_STEPS, TOPIC_CARDS, tutorialEmbedUrl } from './roadmap';

describe('beginner map content', () => {
  it('has the six steps and the four cards with the spec counts', () => {
    expect(ROADMAP_STEPS).toHaveLength(6);
    expect(TOPIC_CARDS.map((c) => [c.title, c.topics.length])).toEqual([
      ['Tráfego Pago', 13],
      ['Clonagem de Páginas', 4],
      ['Como usar o Clube', 12],
      ['Criando sua conta nas plataformas', 3],
    ]);
    for (const card of TOPIC_CARDS) expect(card.countLabel.startsWith(String(card.topics.length))).toBe(true);
  });

  it('embeds the video with autoplay on and related videos off', () => {
    expect(tutorialEmbedUrl(PLACEHOLDER_VIDEO_ID)).toBe(
      'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE?autoplay=1&rel=0',
    );
    expect(tutorialEmbedUrl('a/b?c')).toBe(
      'https://www.youtube-nocookie.com/embed/a%2Fb%3Fc?autoplay=1&rel=0',
    );
  });
});
