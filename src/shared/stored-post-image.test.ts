import { describe, expect, it } from 'vitest';
import { isStoredPostImageUrl, LOCAL_STORAGE_BASE } from './stored-post-image';

const NAME = '0123456789abcdef0123456789abcdef';

describe('isStoredPostImageUrl', () => {
  it('local storage: /uploads/posts/<32 hex>.<jpg|png|webp> only', () => {
    for (const ext of ['jpg', 'png', 'webp'])
      expect(isStoredPostImageUrl(`/uploads/posts/${NAME}.${ext}`, LOCAL_STORAGE_BASE)).toBe(true);
    for (const url of [
      `/uploads/posts/${NAME}.gif`,
      `/uploads/posts/${NAME}.mp4`,
      `/uploads/posts/${NAME}-w640.webp`,
      `/uploads/avatars/${NAME}.png`,
      `/uploads/posts/${NAME.toUpperCase()}.png`,
      `/uploads/posts/../posts/${NAME}.png`,
      `/uploads/posts/x/${NAME}.png`,
      `//uploads/posts/${NAME}.png`,
      `https://evil.example/uploads/posts/${NAME}.png`,
      `/uploads/posts/${NAME}.png?x=1`,
      `/uploads/posts/${NAME}.png" onerror="alert(1)`,
      `javascript:/uploads/posts/${NAME}.png`,
      '',
    ])
      expect(isStoredPostImageUrl(url, LOCAL_STORAGE_BASE), url).toBe(false);
  });

  it('S3: exactly under the public base, no lookalike host or path', () => {
    const base = 'https://cdn.clube.example/midia';
    expect(isStoredPostImageUrl(`${base}/posts/${NAME}.jpg`, base)).toBe(true);
    for (const url of [
      `/uploads/posts/${NAME}.jpg`,
      `https://cdn.clube.example.evil.example/midia/posts/${NAME}.jpg`,
      `https://cdn.clube.example/midia-falsa/posts/${NAME}.jpg`,
      `https://cdn.clube.example/posts/${NAME}.jpg`,
      `http://cdn.clube.example/midia/posts/${NAME}.jpg`,
      `https://cdn.clube.example/midia/avatars/${NAME}.jpg`,
    ])
      expect(isStoredPostImageUrl(url, base), url).toBe(false);
  });

  it('refuses an empty or slash-terminated base (nothing would anchor the prefix)', () => {
    expect(isStoredPostImageUrl(`/posts/${NAME}.png`, '')).toBe(false);
    expect(isStoredPostImageUrl(`https://cdn.example//posts/${NAME}.png`, 'https://cdn.example/')).toBe(
      false,
    );
  });
});
