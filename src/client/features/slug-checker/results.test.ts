import { describe, expect, it } from 'vitest';
import {
  countResults,
  csvFileName,
  DEFAULT_RESULT_FILTER,
  filterResults,
  isError,
  isNotFound,
  orderResults,
  resultsToCsv,
} from './results';
import { makeResult, sampleResults } from './test-fixtures';

describe('result tabs', () => {
  it('puts 404s and soft-404s under not found, and only real failures under errors', () => {
    const results = sampleResults();
    expect(countResults(results)).toEqual({ all: 24, valid: 12, redirects: 3, notFound: 7, errors: 2 });
    expect(filterResults(results, 'redirects').map((r) => r.slug)).toEqual(['checkout', 'membros', 'pix']);
    expect(filterResults(results, 'notFound').map((r) => r.slug)).toEqual([
      'nada1',
      'nada2',
      'nada3',
      'nada4',
      'nada5',
      'curinga',
      'painel',
    ]);
    expect(filterResults(results, 'errors').map((r) => r.slug)).toEqual(['wp-admin', 'vsl']);
  });

  it.each([
    [0, 'errors'],
    [500, 'errors'],
    [503, 'errors'],
    [403, 'errors'],
    [410, 'errors'],
    [429, 'errors'],
    [404, 'notFound'],
  ] as const)('status %i goes to %s, and to no other tab but Todos', (status, tab) => {
    const r = makeResult('x', status);
    expect(isError(r)).toBe(tab === 'errors');
    expect(isNotFound(r)).toBe(tab === 'notFound');
    const tabs = (['valid', 'redirects', 'notFound', 'errors'] as const).filter(
      (f) => filterResults([r], f).length,
    );
    expect(tabs).toEqual([tab]);
  });

  it('opens on the valid ones', () => {
    expect(DEFAULT_RESULT_FILTER).toBe('valid');
  });

  it('lists found pages first, then redirects, failures and other answers, and not-found pages last', () => {
    const ordered = orderResults([
      makeResult('a', 404),
      makeResult('b', 403),
      makeResult('c', 302),
      makeResult('d', 200),
      makeResult('e', 200, { softNotFound: true }),
      makeResult('f', 200),
      makeResult('g', 0),
    ]);
    expect(ordered.map((r) => r.slug)).toEqual(['d', 'f', 'c', 'b', 'g', 'a', 'e']);
  });
});

describe('resultsToCsv', () => {
  it('writes the spec columns with ; and a BOM, escaping what a spreadsheet would run', () => {
    const text = resultsToCsv([
      makeResult('obrigado', 200),
      makeResult('checkout', 302, { redirectUrl: '=HYPERLINK("http://mal.com","x")' }),
      makeResult('a;b', 404),
    ]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'URL;Slug;Status;Status Text;Valid;Response Time;Redirect URL',
      'https://loja.com.br/obrigado;obrigado;200;OK;Sim;42;',
      `https://loja.com.br/checkout;checkout;302;HTTP;Não;42;"'=HYPERLINK(""http://mal.com"",""x"")"`,
      '"https://loja.com.br/a;b";"a;b";404;Não Encontrado;Não;42;',
      '',
    ]);
  });
});

describe('csvFileName', () => {
  it('carries the domain (safe for a file name) and the date', () => {
    const date = new Date(2025, 2, 4, 23, 59);
    expect(csvFileName('loja.com.br', date)).toBe('slugs_loja.com.br_2025-03-04.csv');
    expect(csvFileName('127.0.0.1:3000', date, 'valid')).toBe('slugs_127.0.0.1_3000_2025-03-04_validos.csv');
    expect(csvFileName('loja.com.br', date, 'notFound')).toBe(
      'slugs_loja.com.br_2025-03-04_nao-encontradas.csv',
    );
    expect(csvFileName('../../etc', date)).toBe('slugs_etc_2025-03-04.csv');
  });
});
