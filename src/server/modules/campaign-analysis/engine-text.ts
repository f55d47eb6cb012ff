import { formatCount } from '../../../shared/number-format';

/**
 * Small pieces shared by the two analyses (no I/O): safe division and the pt-BR wording of counts and
 * comparisons. The answer is light markdown: `**título**` lines, `- item` and `1. item` lines.
 */

/** a / b, or null when b is not a positive number (no sales, no clicks, no spend): never NaN or Infinity. */
export function ratio(a: number, b: number): number | null {
  if (!(b > 0)) return null;
  const value = a / b;
  return Number.isFinite(value) ? value : null;
}

/** '1 venda', '20 vendas'. */
export function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** A section of the answer: its title line, then its lines. Empty sections are left out. */
export function section(title: string, lines: string[]): string {
  return lines.length === 0 ? '' : [`**${title}**`, ...lines].join('\n');
}

export function joinSections(sections: string[]): string {
  return sections.filter((s) => s !== '').join('\n\n');
}

/** A member's text on one line, without control characters or markdown that would change the answer's layout. */
export function cleanName(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
      .replace(/\*+/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
