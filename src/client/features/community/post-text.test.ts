import { describe, expect, it } from 'vitest';
import { previewDescription, splitDescription } from './post-text';

const ID = '11111111-0000-4000-8000-000000000011';

describe('previewDescription', () => {
  it('never cuts inside a mention: the cut moves before it', () => {
    const text = `${'palavra '.repeat(17)}@[João Ávila](${ID}) e mais texto depois`;
    const { text: preview, truncated } = previewDescription(splitDescription(text, null));
    expect(truncated).toBe(true);
    expect(preview).not.toContain('@[');
    expect(preview).toBe(`${'palavra '.repeat(17).trimEnd()}…`);
  });

  it('keeps a mention that ends before the cut whole', () => {
    const text = `Oi @[João Ávila](${ID}) ${'x'.repeat(200)}`;
    const preview = previewDescription(splitDescription(text, null)).text;
    expect(preview.startsWith(`Oi @[João Ávila](${ID}) xxx`)).toBe(true);
    expect(preview.endsWith('x…')).toBe(true);
  });
});
