import { z } from './zod';

/** Any API error body. */
export const errorBody = z.object({ message: z.string() }).loose();
export type ErrorBody = z.infer<typeof errorBody>;

export const messageBody = z.object({ message: z.string() });

export const uuidParam = z.object({ id: z.uuid({ message: 'Identificador inválido.' }) });

/** A required text: trimmed, and the given message when empty or missing. */
export const requiredText = (message: string) => z.string({ message }).trim().min(1, { message });
