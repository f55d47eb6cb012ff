/**
 * Numbers typed by people, read the Brazilian way in a browser of any language: the one rule for every money and
 * metric field of the app (client fields, shared schemas, drafts kept in the browser). No imports.
 *
 * The rule:
 * - ',' is the decimal mark and '.' the thousands mark: '1.234,56' = 1234.56, '1234,56' = 1234.56, '97,00' = 97.
 * - Without a ',': a lone '.' before one or two final digits is a decimal point ('1234.56', '3.4'); before
 *   exactly three digits it is a thousands mark ('1.234' = 1234) when what comes before it is a leading group
 *   (one to three digits, not starting with 0). After '0' or nothing ('0.125', '.125') it can only be a decimal
 *   point, and any other place ('1234.567', '01.234') is refused. Several dots are thousands marks, in
 *   well-formed groups only ('1.234.567'; '12.34.567' is refused).
 * - Refused, never guessed: both marks in US order ('1,234.56'), several commas, letters, a sign (every field is
 *   at least zero), more decimals than the field allows, NaN, Infinity, exponents ('1e3'), a mark with no digits
 *   after it ('97,').
 * - Surrounding spaces are ignored; money takes an 'R$' prefix, percentages a '%' suffix, ROAS and multipliers
 *   an 'x' suffix. Blank text is its own result: the caller decides what empty means.
 */

/** money: reais with cents; integer: counts (ads, clicks, sales); decimal: ROAS, multipliers; percent: CTR, conversion. */
export type NumberKind = 'money' | 'integer' | 'decimal' | 'percent';

/** Why a text was refused. */
export type TypedNumberReason = 'format' | 'decimals' | 'negative' | 'too-large';

export type TypedNumberResult =
  | { status: 'blank' }
  | { status: 'ok'; value: number }
  | {
      status: 'invalid';
      reason: TypedNumberReason;
      /** The whole message shown beside the field: 'Valor inválido. Use vírgula para os centavos, como 1.234,56.' */
      message: string;
      /** What to type instead, without naming the field: 'Use vírgula para os centavos, como 1.234,56.' */
      hint: string;
    };

/**
 * A number field's value: the number read, null when blank, or, when the text cannot be read, that text itself
 * (the field keeps showing it, and every schema refuses it with the field's message).
 */
export type TypedNumber = number | null | string;

/** Most decimals each kind takes. */
export const MAX_DECIMALS: Record<NumberKind, number> = { money: 2, integer: 0, decimal: 2, percent: 2 };

/** Digits before the decimal mark (leading zeros aside): R$ 999 bilhões, far inside exact cents. */
const MAX_WHOLE_DIGITS = 12;
/** Longer text is no number a person types (checked before any pattern runs). */
const MAX_TEXT = 100;

const HINTS: Record<NumberKind, Record<TypedNumberReason, string>> = {
  money: {
    format: 'Use vírgula para os centavos, como 1.234,56.',
    decimals: 'Use no máximo 2 casas decimais, como 1.234,56.',
    negative: 'O valor não pode ser negativo.',
    'too-large': 'O valor é grande demais.',
  },
  integer: {
    format: 'Use só algarismos, como 1.234.',
    decimals: 'Use um número inteiro, sem casas decimais, como 1.234.',
    negative: 'O número não pode ser negativo.',
    'too-large': 'O número é grande demais.',
  },
  decimal: {
    format: 'Use vírgula para as casas decimais, como 2,5.',
    decimals: 'Use no máximo 2 casas decimais, como 2,55.',
    negative: 'O número não pode ser negativo.',
    'too-large': 'O número é grande demais.',
  },
  percent: {
    format: 'Use vírgula para as casas decimais, como 1,8.',
    decimals: 'Use no máximo 2 casas decimais, como 1,85.',
    negative: 'O percentual não pode ser negativo.',
    'too-large': 'O percentual é grande demais.',
  },
};

const INVALID: Record<NumberKind, string> = {
  money: 'Valor inválido.',
  integer: 'Número inválido.',
  decimal: 'Número inválido.',
  percent: 'Percentual inválido.',
};

/** The message beside a field of this kind refused for this reason. */
export function typedNumberMessage(kind: NumberKind, reason: TypedNumberReason): string {
  const hint = HINTS[kind][reason];
  return reason === 'format' || reason === 'decimals' ? `${INVALID[kind]} ${hint}` : hint;
}

function refuse(kind: NumberKind, reason: TypedNumberReason): TypedNumberResult {
  return { status: 'invalid', reason, message: typedNumberMessage(kind, reason), hint: HINTS[kind][reason] };
}

const SIGN = /^[-+\u2212]/;
const LEADING_GROUP = /^[1-9]\d{0,2}$/;
const GROUPED = /^[1-9]\d{0,2}(\.\d{3})+$/;

/** The number part without its kind's prefix or suffix, and whether a sign came with it. */
function strip(text: string, kind: NumberKind): { body: string; sign: string } {
  let body = text.trim();
  let sign = '';
  const takeSign = () => {
    if (!sign && SIGN.test(body)) {
      sign = body[0]!;
      body = body.slice(1).trim();
    }
  };
  takeSign();
  if (kind === 'money') body = body.replace(/^R\$\s*/i, '');
  if (kind === 'percent') body = body.replace(/\s*%$/, '');
  if (kind === 'decimal') body = body.replace(/\s*x$/i, '');
  takeSign();
  return { body, sign };
}

/** Whole digits and decimal digits of the number part, or null when it does not follow the rule. */
function split(body: string): { whole: string; fraction: string } | null {
  if (!/^[\d.,]+$/.test(body)) return null;
  const commas = body.split(',').length - 1;
  if (commas > 1) return null;
  if (commas === 1) {
    const [whole = '', fraction = ''] = body.split(',');
    if (!/^\d+$/.test(fraction)) return null;
    if (whole === '' || /^\d+$/.test(whole)) return { whole, fraction };
    return GROUPED.test(whole) ? { whole: whole.replace(/\./g, ''), fraction } : null;
  }
  const dots = body.split('.').length - 1;
  if (dots === 0) return { whole: body, fraction: '' };
  if (dots > 1) return GROUPED.test(body) ? { whole: body.replace(/\./g, ''), fraction: '' } : null;
  const [before = '', after = ''] = body.split('.');
  if (after === '' || (before === '' && after === '')) return null;
  if (after.length !== 3) return { whole: before, fraction: after };
  if (LEADING_GROUP.test(before)) return { whole: before + after, fraction: '' };
  if (before === '' || before === '0') return { whole: before, fraction: after };
  return null;
}

/** Reads what a person typed in a field of this kind (the rule above). */
export function readTypedNumber(text: string, kind: NumberKind): TypedNumberResult {
  if (text.trim() === '') return { status: 'blank' };
  if (text.length > MAX_TEXT) return refuse(kind, 'format');
  const { body, sign } = strip(text, kind);
  const parts = split(body);
  if (!parts || (sign && sign !== '-' && sign !== '\u2212')) return refuse(kind, 'format');
  if (sign) return refuse(kind, 'negative');
  const { whole, fraction } = parts;
  if (fraction.length > MAX_DECIMALS[kind]) return refuse(kind, 'decimals');
  if (whole.replace(/^0+/, '').length > MAX_WHOLE_DIGITS) return refuse(kind, 'too-large');
  if (kind === 'money') {
    const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
    return { status: 'ok', value: cents / 100 };
  }
  return { status: 'ok', value: Number(`${whole || '0'}.${fraction || '0'}`) };
}

/**
 * A stored or received value read by the same rule: a finite number as it is, text through readTypedNumber,
 * null, undefined and blank text as blank; anything else is refused as unreadable.
 */
export function readTypedValue(value: unknown, kind: NumberKind): TypedNumberResult {
  if (value === null || value === undefined) return { status: 'blank' };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return refuse(kind, 'format');
    return value < 0 ? refuse(kind, 'negative') : { status: 'ok', value };
  }
  if (typeof value === 'string') return readTypedNumber(value, kind);
  return refuse(kind, 'format');
}

/**
 * A field's value from what a draft kept (numbers, or text typed before this rule): the number when it reads,
 * null when blank, the text itself (at most `max` characters) when it does not.
 */
export function toTypedNumber(value: unknown, kind: NumberKind, max = 30): TypedNumber {
  const result = readTypedValue(value, kind);
  if (result.status === 'ok') return result.value;
  if (result.status === 'blank' || typeof value !== 'string') return null;
  return value.slice(0, max);
}

/** The number of a field's value, or null when it is blank or unreadable text. */
export function typedNumberOrNull(value: TypedNumber | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/**
 * A value as the field shows it once the member leaves it, in pt-BR: money '1.234,56' and '97,00', integer
 * '1.234', decimal and percent with up to two decimals ('3,4', '1.234,5', '12'). Reads back to the same value.
 */
export function formatTypedNumber(value: number, kind: NumberKind): string {
  if (!Number.isFinite(value)) return '';
  const sign = value < 0 ? '-' : '';
  const scale = 10 ** MAX_DECIMALS[kind];
  const scaled = Math.round(Math.abs(value) * scale);
  const whole = groupThousands(String(Math.floor(scaled / scale)));
  if (kind === 'integer') return `${scaled === 0 ? '' : sign}${whole}`;
  let fraction = String(scaled % scale).padStart(MAX_DECIMALS[kind], '0');
  if (kind !== 'money') fraction = fraction.replace(/0+$/, '');
  const signed = scaled === 0 ? '' : sign;
  return fraction ? `${signed}${whole},${fraction}` : `${signed}${whole}`;
}
