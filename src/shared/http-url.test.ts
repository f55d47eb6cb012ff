import { describe, expect, it } from 'vitest';
import { HTTP_URL_MAX_LENGTH, parseHttpUrl } from './http-url';
import { parseCloneUrl } from './schemas/cloner';

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
