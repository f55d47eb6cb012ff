import { Fragment, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * An analysis answer (campaign optimizer, creative validator) as React elements: `**título**` lines become
 * headings, `- item` and `1. item` lines become lists, `**negrito**` inside a line becomes <strong>; anything
 * else is plain text. Parsed here into elements: the text is never injected as HTML.
 */
type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'ul' | 'ol'; items: string[] }
  | { kind: 'p'; text: string };

const HEADING = /^\s*(?:#{1,6}\s+(.+?)|\*\*(.+?)\*\*:?)\s*$/;
const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;

export function parseAnalysis(text: string): Block[] {
  const blocks: Block[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '') continue;
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', text: (heading[1] ?? heading[2] ?? '').trim() });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      const kind = bullet ? 'ul' : 'ol';
      const last = blocks.at(-1);
      if (last && last.kind === kind) last.items.push(item[1] ?? '');
      else blocks.push({ kind, items: [item[1] ?? ''] });
      continue;
    }
    blocks.push({ kind: 'p', text: line.trim() });
  }
  return blocks;
}

/** `**negrito**` inside a line. */
function inline(text: string): ReactNode {
  const parts = text.split(/\*\*(.+?)\*\*/g);
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed line
      <strong key={i} className="font-semibold text-foreground">
        {part}
      </strong>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed line
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}

export function AnalysisText({ text, className }: { text: string; className?: string }) {
  const blocks = parseAnalysis(text);
  return (
    <div className={cn('space-y-2 text-sm leading-relaxed text-zinc-200', className)}>
      {blocks.map((block, i) => {
        const key = `${block.kind}-${i}`;
        if (block.kind === 'heading') {
          return (
            <h3 key={key} className="pt-2 text-sm font-semibold text-foreground first:pt-0">
              {inline(block.text)}
            </h3>
          );
        }
        if (block.kind === 'p') return <p key={key}>{inline(block.text)}</p>;
        const List = block.kind === 'ul' ? 'ul' : 'ol';
        return (
          <List
            key={key}
            className={cn('space-y-1 pl-5', block.kind === 'ul' ? 'list-disc' : 'list-decimal')}
          >
            {block.items.map((item, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one fixed answer
              <li key={j}>{inline(item)}</li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
