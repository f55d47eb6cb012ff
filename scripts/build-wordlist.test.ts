import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WORDLIST_FILE } from '../src/server/modules/slug-checker/wordlist';
import { buildWordlist } from './build-wordlist';

describe('build-wordlist', () => {
  it('writes the wordlist.txt the repository keeps (rerun the script after changing a group)', () => {
    expect(buildWordlist()).toBe(readFileSync(WORDLIST_FILE, 'utf8'));
  });
});
