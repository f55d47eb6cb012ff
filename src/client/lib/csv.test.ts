import { describe, expect, it } from 'vitest';
import { escapeCsvCell, toCsv } from './csv';

describe('escapeCsvCell', () => {
  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(escapeCsvCell('=HYPERLINK("http://mal.com","x")')).toBe(`"'=HYPERLINK(""http://mal.com"",""x"")"`);
    expect(escapeCsvCell('+55 11 9999')).toBe("'+55 11 9999");
    expect(escapeCsvCell('-2+3')).toBe("'-2+3");
    expect(escapeCsvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeCsvCell('\t=1+1')).toBe("'\t=1+1");
    expect(escapeCsvCell('\r=1')).toBe(`"'\r=1"`);
    expect(escapeCsvCell('  =1+1')).toBe("'  =1+1");
  });

  it('leaves ordinary text, URLs and numbers alone, and quotes commas, quotes and line breaks', () => {
    expect(escapeCsvCell('https://loja.com.br/obrigado')).toBe('https://loja.com.br/obrigado');
    expect(escapeCsvCell('Não Encontrado')).toBe('Não Encontrado');
    expect(escapeCsvCell('a=b')).toBe('a=b');
    expect(escapeCsvCell(-5)).toBe('-5');
    expect(escapeCsvCell(200)).toBe('200');
    expect(escapeCsvCell(null)).toBe('');
    expect(escapeCsvCell(undefined)).toBe('');
    expect(escapeCsvCell('a,b')).toBe('"a,b"');
    expect(escapeCsvCell('diz "oi"')).toBe('"diz ""oi"""');
    expect(escapeCsvCell('linha\nnova')).toBe('"linha\nnova"');
  });
});

describe('toCsv', () => {
  it('joins cells with commas and rows with CRLF', () => {
    expect(
      toCsv([
        ['URL', 'Status'],
        ['https://x.com/a,b', 404],
      ]),
    ).toBe('URL,Status\r\n"https://x.com/a,b",404\r\n');
  });
});
