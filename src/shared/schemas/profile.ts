import { z } from './zod';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TOO_LARGE = 'A imagem deve ter menos de 5MB';
export const AVATAR_NOT_IMAGE = 'Por favor, selecione uma imagem válida';

/** Instagram handle without '@' (the client strips it; the server strips it too). */
export const instagramHandle = z
  .string()
  .trim()
  .transform((v) => v.replace(/^@+/, ''))
  .pipe(
    z
      .string()
      .max(100, { message: 'O Instagram deve ter no máximo 100 caracteres.' })
      .regex(/^[A-Za-z0-9._]*$/, { message: 'Use apenas letras, números, ponto e sublinhado no Instagram.' }),
  );

export const profile = z.object({ instagram: z.string().nullable(), avatar: z.string().nullable() });
export type Profile = z.infer<typeof profile>;

/** PUT /api/user/profile. `avatar` is a URL returned by POST /api/user/avatar (this app's storage only). */
export const updateProfileInput = z.object({
  instagram: instagramHandle.optional().nullable(),
  avatar: z.string().max(500).optional().nullable(),
});

export const likesTotal = z.object({ likes: z.number().int() });
export const balance = z.object({ balance: z.number() });
