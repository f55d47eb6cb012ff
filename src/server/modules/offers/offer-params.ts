import { z } from '../../../shared/schemas/zod';

/** Offer ids are text (the spec's ids, UUIDs for new ones): any non-empty id is looked up, unknown ones 404. */
export const offerIdParam = z.object({ id: z.string().min(1, { message: 'Oferta inválida.' }) });
