import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Banner, UploadResult } from '../../../../shared/schemas/offers';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { adminOfferKeys, otherKeys } from './keys';

/** POST /api/uploads/banner (multipart, field 'file'): JPG, PNG or WebP up to 5 MB. */
export function uploadBanner(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.post<UploadResult>('/api/uploads/banner', form);
}

class BannerUploadError extends Error {
  constructor(readonly cause: unknown) {
    super('upload');
  }
}

/**
 * Uploads the image, then POST /api/admin/banners makes it the active banner (the previous one is
 * deactivated by the server). An upload failure says 'Erro no upload'; a save failure 'Erro ao salvar banner'.
 */
export function useSaveBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, link }: { file: File; link: string | null }) => {
      const uploaded = await uploadBanner(file).catch((error: unknown) => {
        throw new BannerUploadError(error);
      });
      return api.post<Banner>('/api/admin/banners', {
        imagePath: uploaded.url,
        ...(link ? { link } : {}),
      });
    },
    onSuccess: () =>
      toast.success('Banner salvo', { description: 'O novo banner já aparece nas Ofertas Escaladas.' }),
    onError: (error) => {
      if (error instanceof BannerUploadError) {
        toast.error('Erro no upload', { description: errorMessage(error.cause, 'Tente novamente.') });
      } else {
        toast.error('Erro ao salvar banner', { description: errorMessage(error, 'Tente novamente.') });
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOfferKeys.banners }),
        queryClient.invalidateQueries({ queryKey: otherKeys.activeBanner }),
      ]),
  });
}
