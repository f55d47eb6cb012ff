import { z } from './zod';

/**
 * Any API error body: the Portuguese `message`, and on a 5xx the request's id as `code` (its X-Request-Id; the client
 * shows it as "Código do erro: <id>", shared/request-id.ts).
 */
export const errorBody = z.object({ message: z.string(), code: z.string().optional() }).loose();
export type ErrorBody = z.infer<typeof errorBody>;

/** The answer of every route that only says what it did (`{ message }`). */
export const messageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageBody>;

/** The empty answer of a 204 (No Content). */
export const noContent = z.null();

/** A `{ message }` answer that also says how many rows it touched (sessions ended, notifications removed). */
export const messageWithCount = messageBody.extend({ count: z.number().int() });
export type MessageWithCount = z.infer<typeof messageWithCount>;

/** A list of ids (the member's favourites, liked offers, liked posts). */
export const idList = z.array(z.string());
export type IdList = z.infer<typeof idList>;

/** The answer of every like toggle (offers, posts, promotion posts, comments): the viewer's state and the new count. */
export const likeToggleResult = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type LikeToggleResult = z.infer<typeof likeToggleResult>;

export const uuidParam = z.object({ id: z.uuid({ message: 'Identificador inválido.' }) });

/** A required text: trimmed, and the given message when empty or missing. */
export const requiredText = (message: string) => z.string({ message }).trim().min(1, { message });
