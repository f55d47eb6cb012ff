import { describe, expect, it } from 'vitest';
import { checkCreativeFile, creativeKindOf } from './creative-file';

const MB = 1024 * 1024;

describe('checkCreativeFile', () => {
  it('accepts images and videos up to 5 MB', () => {
    expect(checkCreativeFile({ type: 'image/png', size: 5 * MB })).toBeNull();
    expect(checkCreativeFile({ type: 'video/mp4', size: 1000 })).toBeNull();
  });

  it("refuses a file over 5 MB with 'Arquivo muito grande'", () => {
    expect(checkCreativeFile({ type: 'image/jpeg', size: 5 * MB + 1 })).toEqual({
      title: 'Arquivo muito grande',
      description: 'O arquivo deve ter no máximo 5MB',
    });
  });

  it("refuses anything that is not an image or a video with 'Tipo de arquivo inválido'", () => {
    for (const type of ['application/pdf', 'text/html', '']) {
      expect(checkCreativeFile({ type, size: 10 })).toEqual({
        title: 'Tipo de arquivo inválido',
        description: 'Apenas imagens e vídeos são aceitos',
      });
    }
  });

  it('tells videos from images', () => {
    expect(creativeKindOf({ type: 'video/quicktime' })).toBe('video');
    expect(creativeKindOf({ type: 'image/gif' })).toBe('image');
  });
});
