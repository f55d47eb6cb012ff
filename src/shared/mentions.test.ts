import { describe, expect, it } from 'vitest';
import {
  mentionMarkup,
  mentionsToPlainText,
  parseMentions,
  resolveMentions,
  splitMentions,
} from './mentions';

const A = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
const B = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

describe('parseMentions', () => {
  it('finds each mentioned member once, in order, with the name as written', () => {
    const text = `Olá @[Ana Souza](${A}) e @[Bruno](${B}), de novo @[Ana S.](${A})`;
    expect(parseMentions(text)).toEqual([
      { name: 'Ana Souza', userId: A },
      { name: 'Bruno', userId: B },
    ]);
  });

  it('lower-cases the id, so one member written twice in two cases counts once', () => {
    expect(parseMentions(`@[Ana](${A.toUpperCase()}) @[Ana](${A})`)).toEqual([{ name: 'Ana', userId: A }]);
  });

  it('keeps a bare @Name and any malformed markup as text', () => {
    for (const text of [
      '@Ana sem escolher',
      `@[Ana](${A.slice(0, -1)})`, // short uuid
      `@[Ana](${A}0)`, // a character too many
      `@[Ana](${A.replace('3f', 'zz')})`, // not hex
      `@[Ana](x${A})`,
      `@[Ana]( ${A})`,
      `@[](${A})`, // no name
      `@[   ](${A})`, // blank name
      `@[Ana\nSouza](${A})`, // line break in the name
      `@[Ana](${A}`, // unclosed
      `[Ana](${A})`, // no @
    ]) {
      expect(parseMentions(text), text).toEqual([]);
      expect(mentionsToPlainText(text)).toBe(text);
    }
  });

  it('reads nested brackets as text around the innermost valid markup', () => {
    const text = `@[@[Ana](${A})](${B})`;
    expect(parseMentions(text)).toEqual([{ name: 'Ana', userId: A }]);
    expect(mentionsToPlainText(text)).toBe(`@[@Ana](${B})`);
    expect(parseMentions(`@[[Ana]](${A}) @[Ana [x]](${A})`)).toEqual([]);
  });

  it('does not take a name longer than 100 characters', () => {
    expect(parseMentions(`@[${'a'.repeat(101)}](${A})`)).toEqual([]);
    expect(parseMentions(`@[${'a'.repeat(100)}](${A})`)).toHaveLength(1);
  });

  it('stays fast and correct on 10,000 hostile characters', () => {
    const hostile = `${'@['.repeat(2500)}${'a]('.repeat(1000)}`;
    const many = `@[x](${A}) `.repeat(300);
    const started = performance.now();
    expect(parseMentions(hostile)).toEqual([]);
    expect(parseMentions(`${'@[a'.repeat(3400)}](${A})`)).toEqual([{ name: 'a', userId: A }]);
    expect(parseMentions(many)).toEqual([{ name: 'x', userId: A }]);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('splitMentions and mentionsToPlainText', () => {
  it('cuts text and mentions in order, and shows @Name for the markup', () => {
    const text = `Oi @[Ana](${A}), veja isto.`;
    expect(splitMentions(text)).toEqual([
      { type: 'text', value: 'Oi ' },
      { type: 'mention', name: 'Ana', userId: A },
      { type: 'text', value: ', veja isto.' },
    ]);
    expect(mentionsToPlainText(text)).toBe('Oi @Ana, veja isto.');
    expect(splitMentions('')).toEqual([]);
  });
});

describe('resolveMentions', () => {
  it("shows a member's current name from the names given, never the brackets'; an unknown id is plain text", () => {
    const text = `@[Suporte oficial](${A}) e @[Suporte oficial](${B}): pague aqui`;
    expect(resolveMentions(text, { [A]: 'Ana Souza' })).toEqual([
      { type: 'mention', name: 'Ana Souza', userId: A },
      { type: 'text', value: ' e @Suporte oficial: pague aqui' },
    ]);
    expect(resolveMentions(text, {})).toEqual([
      { type: 'text', value: '@Suporte oficial e @Suporte oficial: pague aqui' },
    ]);
    expect(mentionsToPlainText(text, { [A]: 'Ana Souza' })).toBe('@Ana Souza e @Suporte oficial: pague aqui');
  });
});

describe('mentionMarkup', () => {
  it('writes markup the parser reads back, with delimiters in the name made spaces', () => {
    expect(mentionMarkup('João (Jota) [SP]', A)).toBe(`@[João Jota SP](${A})`);
    expect(parseMentions(mentionMarkup('Maria\nClara', B))).toEqual([{ name: 'Maria Clara', userId: B }]);
  });
});
