import { describe, expect, it } from 'vitest';
import { extensionFor, fileTypeOf, normalizeMime, sniffType } from './file-types';
import type { Captured } from './resource-collector';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const WEBP = Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(24)]);
const WOFF2 = Buffer.concat([Buffer.from('wOF2\x00\x01\x00\x00', 'latin1'), Buffer.alloc(40)]);
const TTF = Buffer.concat([Buffer.from([0, 1, 0, 0, 0, 12]), Buffer.alloc(40)]);

const answer = (
  type: string | undefined,
  body: Buffer | string,
  extra: Record<string, string> = {},
): Captured => ({
  url: 'https://site.test/x',
  status: 200,
  headers: { ...(type ? { 'content-type': type } : {}), ...extra },
  body: Buffer.from(body),
});

describe('the type a file is archived as', () => {
  it('reads the Content-Type without parameters and with its aliases resolved', () => {
    expect(normalizeMime('Application/JavaScript; charset=utf-8')).toBe('text/javascript');
    expect(normalizeMime('image/jpg')).toBe('image/jpeg');
    expect(normalizeMime('application/x-font-woff')).toBe('font/woff');
    expect(normalizeMime(undefined)).toBe('');
  });

  it('knows the signatures of images, fonts and media', () => {
    expect(sniffType(PNG)).toBe('image/png');
    expect(sniffType(WEBP)).toBe('image/webp');
    expect(sniffType(WOFF2)).toBe('font/woff2');
    expect(sniffType(TTF)).toBe('font/ttf');
    expect(sniffType(Buffer.from('body { color: red } /* a style sheet */'))).toBeNull();
  });

  it('goes by the bytes where the browser does: generic types, and images or fonts that are another kind', () => {
    expect(fileTypeOf(answer('application/octet-stream', PNG))).toEqual({
      mime: 'image/png',
      generic: false,
    });
    expect(fileTypeOf(answer(undefined, WOFF2))).toEqual({ mime: 'font/woff2', generic: false });
    expect(fileTypeOf(answer('image/jpeg', WEBP))).toEqual({ mime: 'image/webp', generic: false });
    expect(fileTypeOf(answer('font/woff', WOFF2))).toEqual({ mime: 'font/woff2', generic: false });
    // A text type is the header's word: the bytes cannot contradict it.
    expect(fileTypeOf(answer('text/css', PNG))).toEqual({ mime: 'text/css', generic: false });
    expect(fileTypeOf(answer('text/plain', 'olá'))).toEqual({ mime: 'text/plain', generic: true });
  });

  it('calls JavaScript a file the page ran as a script, as the browser took it, unless nosniff refused it', () => {
    const php = answer('text/html; charset=UTF-8', 'window.x = 1;');
    expect(fileTypeOf(php, true).mime).toBe('text/javascript');
    expect(fileTypeOf(php, false).mime).toBe('text/html');
    expect(fileTypeOf(answer('text/plain', 'window.x = 1;'), true).mime).toBe('text/javascript');
    expect(fileTypeOf(answer('text/plain', 'x()', { 'x-content-type-options': 'nosniff' }), true).mime).toBe(
      'text/plain',
    );
    // A page answered instead of the script (a soft 404) stays HTML.
    expect(fileTypeOf(answer('text/html', '<!DOCTYPE html><html>…'), true).mime).toBe('text/html');
  });
});

describe('the extension a file must end with', () => {
  const as = (mime: string, generic = false) => ({ mime, generic });
  it("is the type's own when the URL has none or another, and null when the URL's already fits", () => {
    expect(extensionFor(as('text/css'), '')).toBe('.css');
    expect(extensionFor(as('text/css'), '.css')).toBeNull();
    expect(extensionFor(as('text/javascript'), '.mjs')).toBe('.js');
    expect(extensionFor(as('image/jpeg'), '.JPEG')).toBeNull();
    expect(extensionFor(as('image/webp'), '.jpg')).toBe('.webp');
    expect(extensionFor(as('font/woff2'), '')).toBe('.woff2');
    expect(extensionFor(as('image/svg+xml'), '')).toBe('.svg');
    expect(extensionFor(as('application/json'), '.map')).toBeNull();
    expect(extensionFor(as('text/html'), '.php')).toBe('.html');
  });

  it('trusts a known URL extension when the type is generic; text/plain otherwise .txt; unknown types keep the name', () => {
    expect(extensionFor(as('application/octet-stream', true), '.js')).toBeNull();
    expect(extensionFor(as('application/octet-stream', true), '')).toBeNull();
    expect(extensionFor(as('text/plain', true), '')).toBe('.txt');
    expect(extensionFor(as('text/plain', true), '.min')).toBe('.txt');
    expect(extensionFor(as('application/x-shockwave-flash'), '.swf')).toBeNull();
  });
});
