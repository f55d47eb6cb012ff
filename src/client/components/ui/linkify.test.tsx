import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Linkify, splitLinks } from './linkify';

describe('Linkify', () => {
  it('makes http and https URLs links that open in a new tab without opener', () => {
    const { container } = render(
      <Linkify text="Veja https://exemplo.com/aula?x=1, e também http://site.com.br." />,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://exemplo.com/aula?x=1',
      'http://site.com.br/',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    // Trailing punctuation stays text.
    expect(container.textContent).toBe('Veja https://exemplo.com/aula?x=1, e também http://site.com.br.');
  });

  it('leaves javascript:, data: and HTML as plain text', () => {
    const text = 'javascript:alert(1) data:text/html,<b>x</b> <img src=x onerror=alert(1)> ftp://a.b';
    const { container } = render(<Linkify text={text} />);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(container.querySelector('img, b')).toBeNull();
    expect(container.textContent).toBe(text);
  });

  it('links nothing when the http part is glued to another scheme or word', () => {
    const text = 'xhttp://ok.com javascript://https://evil.com';
    expect(splitLinks(text)).toEqual([{ type: 'text', value: text }]);
    render(<Linkify text={text} />);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('keeps the text around links intact', () => {
    expect(splitLinks('(https://a.com) fim')).toEqual([
      { type: 'text', value: '(' },
      { type: 'link', value: 'https://a.com', href: 'https://a.com/' },
      { type: 'text', value: ') fim' },
    ]);
  });
});
