import { describe, expect, it } from 'vitest';
import {
  ENCRYPT_MAX_LENGTH,
  ENCRYPT_TEXT_REQUIRED,
  encryptText,
  LOOK_ALIKES,
  validateEncryptInput,
  ZERO_WIDTH_SPACE,
} from './encrypt-text';

const ZW = ZERO_WIDTH_SPACE;
const ALPHANUMERICS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'];

describe('the look-alike table', () => {
  it('has a twin for every ASCII letter and digit, none of them ASCII, none shared by two characters', () => {
    expect(Object.keys(LOOK_ALIKES).sort()).toEqual([...ALPHANUMERICS].sort());
    for (const char of ALPHANUMERICS) {
      const twin = LOOK_ALIKES[char] as string;
      expect([...twin], char).toHaveLength(1);
      expect(twin.codePointAt(0), char).toBeGreaterThan(0x7f);
    }
    expect(new Set(Object.values(LOOK_ALIKES)).size).toBe(ALPHANUMERICS.length);
  });

  it('uses the fixed twins (a sample of the table)', () => {
    expect(LOOK_ALIKES.a).toBe('\u0430');
    expect(LOOK_ALIKES.o).toBe('\u043E');
    expect(LOOK_ALIKES.E).toBe('\u0415');
    expect(LOOK_ALIKES['0']).toBe('\u{1D7E2}');
    expect(LOOK_ALIKES['9']).toBe('\u{1D7EB}');
  });
});

describe('encryptText', () => {
  it('swaps each letter and digit and puts a zero-width space after every character', () => {
    expect(encryptText('ab 1')).toBe(`\u0430${ZW}\u042C${ZW} ${ZW}\u{1D7E3}${ZW}`);
    const out = encryptText('Compre já, 50% OFF!');
    expect(out.split(ZW).filter(Boolean)).toHaveLength('Compre já, 50% OFF!'.length);
    expect(out).not.toMatch(/[A-Za-z0-9]/);
  });

  it('keeps accents on the swapped base letter and leaves punctuation and emoji whole', () => {
    expect(encryptText('ção')).toBe(`\u0441\u0327${ZW}\u0430\u0303${ZW}\u043E${ZW}`);
    expect(encryptText('!?')).toBe(`!${ZW}?${ZW}`);
    const family = '👨‍👩‍👧';
    expect(encryptText(family)).toBe(`${family}${ZW}`);
  });

  it('keeps line breaks without an invisible character at the start of a line', () => {
    expect(encryptText('a\nb')).toBe(`\u0430${ZW}\n\u042C${ZW}`);
  });

  it('reads as the original once the invisible spaces are dropped and the twins mapped back', () => {
    const back = Object.fromEntries(Object.entries(LOOK_ALIKES).map(([k, v]) => [v, k]));
    const text = 'Ganhe R$ 1000 por mês trabalhando de casa';
    const restored = Array.from(encryptText(text).replaceAll(ZW, ''), (c) => back[c] ?? c).join('');
    expect(restored.normalize('NFC')).toBe(text);
  });
});

describe('validateEncryptInput', () => {
  it('refuses empty and blank text with the spec message', () => {
    expect(validateEncryptInput('')).toBe(ENCRYPT_TEXT_REQUIRED);
    expect(validateEncryptInput('  \n\t ')).toBe(ENCRYPT_TEXT_REQUIRED);
    expect(ENCRYPT_TEXT_REQUIRED).toBe('Por favor, digite algum texto para criptografar.');
  });

  it('accepts text up to the limit and refuses longer text', () => {
    expect(validateEncryptInput('oi')).toBeNull();
    expect(validateEncryptInput('a'.repeat(ENCRYPT_MAX_LENGTH))).toBeNull();
    expect(validateEncryptInput('a'.repeat(ENCRYPT_MAX_LENGTH + 1))).toBe(
      'O texto pode ter no máximo 10.000 caracteres.',
    );
  });
});
