import { describe, expect, it } from 'vitest';
import { HTTP_URL_MAX_LENGTH, parseHttpUrl, parseWebAddress } from './http-url';
import { cloneFileName, parseCloneUrl } from './schemas/cloner';

describe('parseHttpUrl', () => {
  it('takes an absolute http(s) URL, trimmed', () => {
    expect(parseHttpUrl('  https://exemplo.com.br/vsl?x=1  ')?.href).toBe('https://exemplo.com.br/vsl?x=1');
    expect(parseHttpUrl('http://127.0.0.1:8080/')?.port).toBe('8080');
  });

  it.each([
    '',
    '   ',
    'exemplo.com.br',
    '/caminho',
    'ftp://exemplo.com.br/arquivo',
    'javascript:alert(1)',
    'data:text/html,<b>oi</b>',
    'file:///etc/passwd',
    'http://',
    'https://exem plo.com',
    'https://exemplo.com\u0000.br',
    `https://exemplo.com.br/${'a'.repeat(HTTP_URL_MAX_LENGTH)}`,
  ])('refuses %j', (input) => {
    expect(parseHttpUrl(input)).toBeNull();
  });

  it('gives the cloner its spec messages: empty, then anything else that is not a URL', () => {
    expect(parseCloneUrl('  ')).toEqual({ error: 'Por favor, insira uma URL válida.' });
    expect(parseCloneUrl('ftp://exemplo.com')).toEqual({
      error: 'Por favor, insira uma URL válida (ex: https://exemplo.com.br).',
    });
  });
});

describe('parseWebAddress', () => {
  it('takes a page typed without its scheme, as https first (schemeTyped false), keeping path and query', () => {
    expect(parseWebAddress('site.com/obrigado')).toEqual({
      url: new URL('https://site.com/obrigado'),
      schemeTyped: false,
    });
    expect(parseWebAddress('  127.0.0.1:8080/x?y=1 ')?.url.href).toBe('https://127.0.0.1:8080/x?y=1');
    expect(parseWebAddress('www.loja.com.br')?.url.href).toBe('https://www.loja.com.br/');
    expect(parseWebAddress('http://site.com/a')).toEqual({
      url: new URL('http://site.com/a'),
      schemeTyped: true,
    });
    expect(parseWebAddress('HTTPS://site.com')?.schemeTyped).toBe(true);
  });

  it.each([
    '',
    'site',
    'localhost:3000',
    '/caminho',
    'ftp://site.com/',
    'javascript:alert(1)',
    'mailto:ana@site.com',
    'usuario:senha@site.com/',
    'site..com',
    '.site.com',
    'exem plo.com',
    `site.com/${'a'.repeat(HTTP_URL_MAX_LENGTH)}`,
  ])('refuses %j', (input) => {
    expect(parseWebAddress(input)).toBeNull();
  });
});

describe('parseCloneUrl and cloneFileName', () => {
  it('accepts a URL without a scheme and keeps the spec messages for empty and unparseable input', () => {
    expect(parseCloneUrl('site.com/obrigado')).toEqual({
      url: new URL('https://site.com/obrigado'),
      schemeTyped: false,
    });
    expect(parseCloneUrl('')).toEqual({ error: 'Por favor, insira uma URL válida.' });
    expect(parseCloneUrl('site')).toEqual({
      error: 'Por favor, insira uma URL válida (ex: https://exemplo.com.br).',
    });
  });

  it('names the ZIP after the site, the path and the day in São Paulo', () => {
    // 02:30 UTC on the 27th is still the 26th in São Paulo (UTC-3).
    const date = new Date('2026-11-27T02:30:00Z');
    expect(cloneFileName(new URL('https://site.com/obrigado'), date)).toBe(
      'site.com-obrigado-2026-11-26.zip',
    );
    expect(cloneFileName(new URL('https://site.com/'), date)).toBe('site.com-2026-11-26.zip');
    expect(cloneFileName(new URL('http://127.0.0.1:8080/a/b.html?x=1#y'), date)).toBe(
      '127.0.0.1_8080-a-b.html-2026-11-26.zip',
    );
    expect(cloneFileName(new URL('https://site.com/p%C3%A1gina/"x";..'), date)).toBe(
      'site.com-pagina-x-2026-11-26.zip',
    );
    expect(cloneFileName(new URL('https://xn--ao-via.com.br/%E0%A4%A/'), date)).toBe(
      'xn--ao-via.com.br-E0-A4-A-2026-11-26.zip',
    );
    expect(cloneFileName(new URL('http://[::1]:8080/'), date)).toBe('1_8080-2026-11-26.zip');
    const long = cloneFileName(new URL(`https://site.com/${'a'.repeat(300)}`), date);
    expect(long).toMatch(/^site\.com-a+-2026-11-26\.zip$/);
    expect(long.length).toBeLessThanOrEqual(100 + '-2026-11-26.zip'.length);
  });
});
