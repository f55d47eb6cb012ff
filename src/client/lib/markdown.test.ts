import { describe, expect, it } from 'vitest';
import { escapeMarkdown, escapeMarkdownInline, fileSlug } from './markdown';

describe('escapeMarkdown', () => {
  it('escapes the characters that change meaning inside a line', () => {
    expect(escapeMarkdownInline('*negrito* _itálico_ `código` [link](x) <b> #tag a|b ~~r~~ \\')).toBe(
      '\\*negrito\\* \\_itálico\\_ \\`código\\` \\[link\\](x) \\<b\\> \\#tag a\\|b \\~\\~r\\~\\~ \\\\',
    );
  });

  it('neutralises block markers at the start of a line and keeps the lines', () => {
    expect(escapeMarkdown('- item\n+ mais\n1. um\n2) dois\n> citação\n===\nR$ 97 - 50% off')).toBe(
      '\\- item\n\\+ mais\n1\\. um\n2\\) dois\n\\> citação\n\\===\nR$ 97 - 50% off',
    );
    expect(escapeMarkdown('a\r\n\r\nb')).toBe('a\n\nb');
  });

  it('keeps a one-line field on one line', () => {
    expect(escapeMarkdownInline('  Mulheres\n\n- acima de 40  ')).toBe('Mulheres - acima de 40');
  });
});

describe('fileSlug', () => {
  it('makes a plain file name from member text', () => {
    expect(fileSlug('Método Seca Rápido #1!', 'x')).toBe('metodo-seca-rapido-1');
    expect(fileSlug('***', 'sem-nome')).toBe('sem-nome');
    expect(fileSlug(`${'a'.repeat(59)} b`, 'x')).toBe('a'.repeat(59));
  });
});
