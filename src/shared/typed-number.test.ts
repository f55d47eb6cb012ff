import { describe, expect, it } from 'vitest';
import {
  formatTypedNumber,
  type NumberKind,
  readTypedNumber,
  readTypedValue,
  toTypedNumber,
  typedNumberOrNull,
} from './typed-number';

const value = (text: string, kind: NumberKind) => {
  const result = readTypedNumber(text, kind);
  return result.status === 'ok' ? result.value : result.status === 'blank' ? 'blank' : result.reason;
};

describe('readTypedNumber: what a member types, read the Brazilian way', () => {
  it.each<[string, NumberKind, number]>([
    // ',' decimal, '.' thousands
    ['1.234,56', 'money', 1234.56],
    ['1234,56', 'money', 1234.56],
    ['97,00', 'money', 97],
    ['97,0', 'money', 97],
    ['97', 'money', 97],
    ['1.000,00', 'money', 1000],
    ['350,00', 'money', 350],
    ['147,90', 'money', 147.9],
    ['197,00', 'money', 197],
    ['0,83', 'money', 0.83],
    [',50', 'money', 0.5],
    ['1.234.567,89', 'money', 1234567.89],
    ['0,1', 'money', 0.1],
    ['007', 'money', 7],
    // no ',': a lone '.' before one or two digits is a decimal point, before three a thousands mark
    ['1234.56', 'money', 1234.56],
    ['97.5', 'money', 97.5],
    ['.5', 'money', 0.5],
    ['1.234', 'money', 1234],
    ['1.000', 'money', 1000],
    ['999.999', 'money', 999999],
    ['1.234.567', 'money', 1234567],
    // prefix, suffixes and spaces
    ['R$ 1.234,56', 'money', 1234.56],
    ['R$97', 'money', 97],
    ['r$ 50,00', 'money', 50],
    ['  97,00  ', 'money', 97],
    ['R$\u00a01.234,56', 'money', 1234.56],
    ['3,4', 'decimal', 3.4],
    ['3.4', 'decimal', 3.4],
    ['3,4x', 'decimal', 3.4],
    ['3,4 X', 'decimal', 3.4],
    ['2,55', 'decimal', 2.55],
    ['1,8', 'percent', 1.8],
    ['1,8%', 'percent', 1.8],
    ['1,8 %', 'percent', 1.8],
    ['30', 'percent', 30],
    ['0,05', 'percent', 0.05],
    ['1.234', 'integer', 1234],
    ['1234', 'integer', 1234],
    ['1.234.567', 'integer', 1234567],
    ['0', 'integer', 0],
    ['999999999999', 'integer', 999_999_999_999],
    ['000000000000097', 'integer', 97],
  ])('%j as %s is %d', (text, kind, expected) => {
    expect(readTypedNumber(text, kind)).toEqual({ status: 'ok', value: expected });
  });

  it.each<[string, NumberKind, string]>([
    // both marks in US order, several commas, malformed groups
    ['1,234.56', 'money', 'format'],
    ['1,234,567', 'money', 'format'],
    ['1,2,3', 'decimal', 'format'],
    ['12.34.567', 'money', 'format'],
    ['1.23.456', 'integer', 'format'],
    ['1.2345,00', 'money', 'format'],
    ['12.34,5', 'money', 'format'],
    ['0.123,45', 'money', 'format'],
    ['1234.567', 'money', 'format'],
    ['01.234', 'money', 'format'],
    ['1.234.56', 'money', 'format'],
    // marks with nothing after them, or nothing at all
    ['97,', 'money', 'format'],
    ['97.', 'money', 'format'],
    [',', 'money', 'format'],
    ['.', 'money', 'format'],
    ['R$', 'money', 'format'],
    ['%', 'percent', 'format'],
    // letters, NaN, Infinity, exponents, spaces inside, another kind's decoration
    ['abc', 'money', 'format'],
    ['97 reais', 'money', 'format'],
    ['cem', 'integer', 'format'],
    ['NaN', 'decimal', 'format'],
    ['Infinity', 'money', 'format'],
    ['1e3', 'money', 'format'],
    ['1E3', 'integer', 'format'],
    ['0x10', 'integer', 'format'],
    ['1 234,56', 'money', 'format'],
    ['R$ 10', 'decimal', 'format'],
    ['10%', 'money', 'format'],
    ['3x', 'percent', 'format'],
    ['US$ 10', 'money', 'format'],
    // signs: every field is at least zero
    ['-5', 'money', 'negative'],
    ['-1,8', 'percent', 'negative'],
    ['\u22125', 'integer', 'negative'],
    ['R$ -5,00', 'money', 'negative'],
    ['-R$ 5,00', 'money', 'negative'],
    ['+5', 'money', 'format'],
    ['--5', 'money', 'format'],
    // more decimals than the field takes
    ['19,999', 'money', 'decimals'],
    ['0.125', 'money', 'decimals'],
    ['.125', 'percent', 'decimals'],
    ['3.14159', 'decimal', 'decimals'],
    ['1,257', 'percent', 'decimals'],
    ['12,5', 'integer', 'decimals'],
    ['1.5', 'integer', 'decimals'],
    ['10,00', 'integer', 'decimals'],
    ['0,5', 'integer', 'decimals'],
    // beyond twelve whole digits
    ['1.000.000.000.000', 'money', 'too-large'],
    ['9999999999999', 'integer', 'too-large'],
  ])('%j as %s is refused (%s)', (text, kind, reason) => {
    expect(value(text, kind)).toBe(reason);
  });

  it('answers blank for empty or whitespace text, whatever the kind', () => {
    for (const kind of ['money', 'integer', 'decimal', 'percent'] as const) {
      expect(readTypedNumber('', kind)).toEqual({ status: 'blank' });
      expect(readTypedNumber('  \u00a0 ', kind)).toEqual({ status: 'blank' });
    }
  });

  it('explains the expected form in Portuguese, with a hint that names no field', () => {
    expect(readTypedNumber('1,234.56', 'money')).toEqual({
      status: 'invalid',
      reason: 'format',
      message: 'Valor inválido. Use vírgula para os centavos, como 1.234,56.',
      hint: 'Use vírgula para os centavos, como 1.234,56.',
    });
    expect(readTypedNumber('19,999', 'money')).toMatchObject({
      message: 'Valor inválido. Use no máximo 2 casas decimais, como 1.234,56.',
    });
    expect(readTypedNumber('3.4.5', 'decimal')).toMatchObject({
      message: 'Número inválido. Use vírgula para as casas decimais, como 2,5.',
    });
    expect(readTypedNumber('1,8.0', 'percent')).toMatchObject({
      message: 'Percentual inválido. Use vírgula para as casas decimais, como 1,8.',
    });
    expect(readTypedNumber('12,5', 'integer')).toMatchObject({
      message: 'Número inválido. Use um número inteiro, sem casas decimais, como 1.234.',
    });
    expect(readTypedNumber('duzentos', 'integer')).toMatchObject({
      message: 'Número inválido. Use só algarismos, como 1.234.',
    });
    expect(readTypedNumber('-5', 'money')).toMatchObject({ message: 'O valor não pode ser negativo.' });
    expect(readTypedNumber('-5', 'percent')).toMatchObject({
      message: 'O percentual não pode ser negativo.',
    });
  });

  it('keeps money exact to the cent', () => {
    expect(value('0,29', 'money')).toBe(0.29);
    expect(value('999.999.999.999,99', 'money')).toBe(999_999_999_999.99);
    expect(Math.round((value('1.234,56', 'money') as number) * 100)).toBe(123456);
  });
});

describe('formatTypedNumber: the value as the field shows it once left', () => {
  it.each<[number, NumberKind, string]>([
    [1234.56, 'money', '1.234,56'],
    [97, 'money', '97,00'],
    [0.5, 'money', '0,50'],
    [0, 'money', '0,00'],
    [1234567.8, 'money', '1.234.567,80'],
    [0.1 + 0.2, 'money', '0,30'],
    [1234, 'integer', '1.234'],
    [999, 'integer', '999'],
    [1234567, 'integer', '1.234.567'],
    [3.4, 'decimal', '3,4'],
    [3, 'decimal', '3'],
    [2.55, 'decimal', '2,55'],
    [1234.5, 'decimal', '1.234,5'],
    [1.8, 'percent', '1,8'],
    [30, 'percent', '30'],
    [0.05, 'percent', '0,05'],
    [Number.NaN, 'money', ''],
  ])('%d as %s shows %j', (n, kind, text) => {
    expect(formatTypedNumber(n, kind)).toBe(text);
  });

  it('reads back to the same value', () => {
    for (const [n, kind] of [
      [1234.56, 'money'],
      [0.83, 'money'],
      [999_999_999.99, 'money'],
      [1234567, 'integer'],
      [3.45, 'decimal'],
      [99.99, 'percent'],
    ] as const) {
      expect(readTypedNumber(formatTypedNumber(n, kind), kind)).toEqual({ status: 'ok', value: n });
    }
  });
});

describe('values kept in drafts or received as JSON', () => {
  it('reads numbers as they are and text by the rule', () => {
    expect(readTypedValue(97.5, 'money')).toEqual({ status: 'ok', value: 97.5 });
    expect(readTypedValue('1.000,00', 'money')).toEqual({ status: 'ok', value: 1000 });
    expect(readTypedValue(null, 'money')).toEqual({ status: 'blank' });
    expect(readTypedValue(undefined, 'money')).toEqual({ status: 'blank' });
    expect(readTypedValue(-1, 'money')).toMatchObject({ status: 'invalid', reason: 'negative' });
    expect(readTypedValue(Number.POSITIVE_INFINITY, 'money')).toMatchObject({ reason: 'format' });
    expect(readTypedValue(true, 'money')).toMatchObject({ reason: 'format' });
  });

  it('turns an old draft value into a field value: the number, null, or the unreadable text itself', () => {
    expect(toTypedNumber('97.5', 'money')).toBe(97.5);
    expect(toTypedNumber('1.000', 'money')).toBe(1000);
    expect(toTypedNumber(42, 'integer')).toBe(42);
    expect(toTypedNumber('', 'money')).toBeNull();
    expect(toTypedNumber({}, 'money')).toBeNull();
    expect(toTypedNumber('1,234.56', 'money')).toBe('1,234.56');
    expect(toTypedNumber('x'.repeat(50), 'money')).toBe('x'.repeat(30));
    expect(typedNumberOrNull('1,234.56')).toBeNull();
    expect(typedNumberOrNull(null)).toBeNull();
    expect(typedNumberOrNull(3)).toBe(3);
  });
});
