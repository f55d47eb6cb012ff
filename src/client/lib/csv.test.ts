import { describe, expect, it } from 'vitest';
import { CSV_BOM, escapeCsvCell, toCsv, toSpreadsheetCsv } from './csv';

describe('escapeCsvCell', () => {
  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(escapeCsvCell('=HYPERLINK("http://mal.com","x")')).toBe(`"'=HYPERLINK(""http://mal.com"",""x"")"`);
    expect(escapeCsvCell('+55 11 9999')).toBe("'+55 11 9999");
    expect(escapeCsvCell('-2+3')).toBe("'-2+3");
    expect(escapeCsvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeCsvCell('\t=1+1')).toBe("'\t=1+1");
    expect(escapeCsvCell('\r=1')).toBe(`"'\r=1"`);
    expect(escapeCsvCell('  =1+1')).toBe("'  =1+1");
    expect(escapeCsvCell('=1;2')).toBe(`"'=1;2"`);
  });

  it('leaves ordinary text, URLs and numbers alone', () => {
    expect(escapeCsvCell('https://loja.com.br/obrigado')).toBe('https://loja.com.br/obrigado');
    expect(escapeCsvCell('Não Encontrado')).toBe('Não Encontrado');
    expect(escapeCsvCell('a=b')).toBe('a=b');
    expect(escapeCsvCell(-5)).toBe('-5');
    expect(escapeCsvCell(200)).toBe('200');
    expect(escapeCsvCell(0.125)).toBe('"0,125"');
    expect(escapeCsvCell(-1234.5)).toBe('"-1234,5"');
    expect(escapeCsvCell(null)).toBe('');
    expect(escapeCsvCell(undefined)).toBe('');
  });

  it('quotes the separator, commas, quotes, line breaks and edge spaces', () => {
    expect(escapeCsvCell('a;b')).toBe('"a;b"');
    expect(escapeCsvCell('https://x.com/?a=1;b=2')).toBe('"https://x.com/?a=1;b=2"');
    expect(escapeCsvCell('a,b')).toBe('"a,b"');
    expect(escapeCsvCell('diz "oi"')).toBe('"diz ""oi"""');
    expect(escapeCsvCell('linha\nnova')).toBe('"linha\nnova"');
    expect(escapeCsvCell('linha\r\nnova')).toBe('"linha\r\nnova"');
    expect(escapeCsvCell(' espaço ')).toBe('" espaço "');
  });
});

describe('toCsv', () => {
  it('joins cells with ; (Excel in Portuguese) and rows with CRLF', () => {
    expect(
      toCsv([
        ['URL', 'Status'],
        ['https://x.com/a;b', 404],
        ['https://x.com/a,b', 200],
      ]),
    ).toBe('URL;Status\r\n"https://x.com/a;b";404\r\n"https://x.com/a,b";200\r\n');
  });

  it('a spreadsheet file starts with the UTF-8 BOM', () => {
    expect(CSV_BOM).toBe('\uFEFF');
    expect(toSpreadsheetCsv([['Ação', 'Não']])).toBe('\uFEFFAção;Não\r\n');
    expect([...new TextEncoder().encode(toSpreadsheetCsv([['a']])).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
