import { CREATIVE_BAD_TYPE, CREATIVE_MAX_BYTES, CREATIVE_TOO_LARGE } from '../../../shared/schemas/offers';

/** A file refused before upload: the toast title and its description. */
export interface FileProblem {
  title: string;
  description: string;
}

/** Creative upload: at most 5 MB, images and videos only. The server checks the bytes again. */
export function checkCreativeFile(file: Pick<File, 'type' | 'size'>): FileProblem | null {
  if (file.size > CREATIVE_MAX_BYTES)
    return { title: 'Arquivo muito grande', description: CREATIVE_TOO_LARGE };
  if (!/^(image|video)\//.test(file.type)) {
    return { title: 'Tipo de arquivo inválido', description: CREATIVE_BAD_TYPE };
  }
  return null;
}

export const creativeKindOf = (file: Pick<File, 'type'>): 'image' | 'video' =>
  file.type.startsWith('video/') ? 'video' : 'image';
