import { type NumberKind, readTypedNumber, type TypedNumber } from '../typed-number';
import { z } from './zod';

/**
 * A number field of a shared schema (form and route): a JSON number is taken as it is, text is read by the app's
 * one rule (`readTypedNumber`: '1.234,56', '97,00', 'R$ 50', '3,4x', '1,8%'), blank becomes `blank`, and text
 * that cannot be read is refused with the field's message plus what to type instead, never turned into 0.
 */
export interface TypedNumberRule {
  /**
   * The field's own message (the spec's wording where it has one: 'ROAS deve ser um número positivo'): for a
   * negative, a value out of range, a value that is not a number at all; unreadable text adds the hint to it.
   */
  message: string;
  /** What absent, null or blank text becomes: a number (the offer forms' 0), null (optional) or undefined (missing). */
  blank: number | null | undefined;
  /** Decimals in an integer field: 'Anúncios deve ser um número inteiro'. */
  integerMessage?: string;
}

/** 'ROAS deve ser um número positivo' + hint -> 'ROAS deve ser um número positivo. Use vírgula para ...' */
export const withHint = (message: string, hint: string): string => `${message.replace(/\.$/, '')}. ${hint}`;

/** The rule's reading in front of `schema`, which checks the number (min, max, integer, required). */
export function typedNumberInput<T extends z.ZodType>(kind: NumberKind, rule: TypedNumberRule, schema: T) {
  return z.preprocess((input: TypedNumber | undefined, ctx) => {
    if (input === null || input === undefined) return rule.blank;
    if (typeof input !== 'string') return input;
    const result = readTypedNumber(input, kind);
    if (result.status === 'blank') return rule.blank;
    if (result.status === 'ok') return result.value;
    let message = rule.message;
    if (result.reason === 'decimals' && kind === 'integer' && rule.integerMessage) {
      message = rule.integerMessage;
    } else if (result.reason === 'format' || result.reason === 'decimals') {
      message = withHint(rule.message, result.hint);
    }
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }, schema);
}
