import { describe, expect, it } from 'vitest';
import { keepOwnImageMarkers } from './posts.service';

const NAME = '0123456789abcdef0123456789abcdef';

describe('keepOwnImageMarkers', () => {
  it('with S3 keeps exactly the post images under the public base', () => {
    const base = 'https://cdn.clube.example/midia';
    const own = `${base}/posts/${NAME}.webp`;
    const text = [
      'Antes',
      `[IMAGE: ${own} ]`,
      `[IMAGE:/uploads/posts/${NAME}.png]`,
      `[IMAGE:${base}/avatars/${NAME}.png]`,
      `[IMAGE:https://evil.example/midia/posts/${NAME}.png]`,
      'Depois',
    ].join('\n\n');
    expect(keepOwnImageMarkers(base, text)).toBe(`Antes\n\n[IMAGE:${own}]\n\nDepois`);
    expect(keepOwnImageMarkers('/uploads', text)).toBe(
      `Antes\n\n[IMAGE:/uploads/posts/${NAME}.png]\n\nDepois`,
    );
  });
});
