import * as csstree from 'css-tree';

/** A URL written in CSS: `url(...)`, an `@import` string, an `image-set()` string; offsets in the CSS text. */
export interface CssReference {
  value: string;
  start: number;
  end: number;
  kind: 'url' | 'string';
}

export type CssContext = 'stylesheet' | 'declarationList';

/** Every URL a style sheet (or a style attribute) refers to, found by css-tree, never by pattern matching. */
export function cssReferences(css: string, context: CssContext = 'stylesheet'): CssReference[] {
  const found: CssReference[] = [];
  let ast: csstree.CssNode;
  try {
    ast = csstree.parse(css, { context, positions: true, parseValue: true, onParseError: () => {} });
  } catch {
    return found;
  }
  csstree.walk(ast, {
    enter(this: csstree.WalkContext, node: csstree.CssNode) {
      if (!node.loc) return;
      if (node.type === 'Url') {
        found.push({
          value: node.value,
          start: node.loc.start.offset,
          end: node.loc.end.offset,
          kind: 'url',
        });
      } else if (node.type === 'String') {
        const inImport = this.atrule?.name.toLowerCase() === 'import';
        const inImageSet = /(^|-)image-set$/i.test(this.function?.name ?? '');
        if (inImport || inImageSet) {
          found.push({
            value: node.value,
            start: node.loc.start.offset,
            end: node.loc.end.offset,
            kind: 'string',
          });
        }
      }
    },
  });
  return found;
}

/** The CSS with each reference `map` knows replaced (`url("…")` or `"…"`); the rest of the text untouched. */
export function rewriteCss(
  css: string,
  map: (value: string) => string | null,
  context: CssContext = 'stylesheet',
): string {
  const refs = cssReferences(css, context).sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const ref of refs) {
    if (ref.start < at) continue;
    const next = map(ref.value);
    if (next === null) continue;
    const quoted = JSON.stringify(next);
    out += css.slice(at, ref.start) + (ref.kind === 'url' ? `url(${quoted})` : quoted);
    at = ref.end;
  }
  return out + css.slice(at);
}
