import { BANNER_BAD_TYPE, BANNER_MAX_BYTES, CREATIVE_TOO_LARGE } from '../../../shared/schemas/offers';

export const BANNER_REQUIRED = {
  title: 'Arquivo obrigatório',
  description: 'Por favor, selecione uma imagem para o banner.',
};
const BANNER_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Banner: JPG/JPEG, PNG or WebP, at most 5 MB. The server checks the bytes again. */
export function checkBannerFile(
  file: Pick<File, 'type' | 'size'>,
): { title: string; description: string } | null {
  if (!BANNER_TYPES.includes(file.type)) return { title: 'Formato inválido', description: BANNER_BAD_TYPE };
  if (file.size > BANNER_MAX_BYTES) return { title: 'Arquivo muito grande', description: CREATIVE_TOO_LARGE };
  return null;
}
