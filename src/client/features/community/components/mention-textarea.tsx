import {
  type ForwardedRef,
  forwardRef,
  type KeyboardEvent,
  type TextareaHTMLAttributes,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import type { MentionCandidate } from '../../../../shared/schemas/community';
import { Textarea } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useMemberSearch } from '../api/use-member-search';
import type { Mentions } from '../use-mentions';
import { UserAvatar } from './user-avatar';

/** How long the typed name rests before the members are asked for. */
export const MENTION_SEARCH_DEBOUNCE_MS = 200;

/**
 * The name being typed right before the caret: `@` at the start or after a space or an opening bracket, then a
 * letter, and at most two words (a name's first and last), 50 characters in all.
 */
const TYPING_MENTION = /(?:^|[\s(])@([\p{L}][\p{L}\p{M}'.-]*(?: [\p{L}\p{M}'.-]+)?)$/u;

export interface MentionQuery {
  /** Where the `@` is in the text. */
  start: number;
  /** The name typed after it. */
  text: string;
}

/** The mention being typed at `caret` in `value`, if any. */
export function mentionQueryAt(value: string, caret: number): MentionQuery | null {
  const before = value.slice(Math.max(0, caret - 60), caret);
  const match = TYPING_MENTION.exec(before);
  const text = match?.[1];
  if (!match || !text || text.length > 50) return null;
  return { start: caret - text.length - 1, text };
}

/** Sets a field's value as typing would (React's onChange and react-hook-form see it), caret at `caret`. */
function typeInto(field: HTMLTextAreaElement, value: string, caret: number) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
  setter?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.setSelectionRange(caret, caret);
}

function assignRef<T>(ref: ForwardedRef<T>, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

type Props = TextareaHTMLAttributes<HTMLTextAreaElement> & { mentions: Mentions };

/**
 * A textarea whose `@` followed by letters offers members (the @mention picker): a listbox under the field, kept
 * as a textbox with `aria-autocomplete="list"`, `aria-controls` and `aria-activedescendant` (a textarea cannot be a
 * combobox); ArrowUp/ArrowDown move, Enter or Tab pick, Escape closes; a click or a tap picks. Picking writes
 * `@Name ` in the field and remembers the member in `mentions`; the form sends `mentions.toMarkup(text)`.
 * Works with react-hook-form's register (uncontrolled) and with a controlled value alike.
 */
export const MentionTextarea = forwardRef<HTMLTextAreaElement, Props>(function MentionTextarea(
  { mentions, onKeyDown, onBlur, onSelect, onChange, className, ...props },
  ref,
) {
  const field = useRef<HTMLTextAreaElement | null>(null);
  const [query, setQuery] = useState<MentionQuery | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const debounced = useDebouncedValue(query?.text ?? null, MENTION_SEARCH_DEBOUNCE_MS);
  const search = useMemberSearch(query ? debounced : null);
  const members: MentionCandidate[] = query && debounced ? (search.data?.members ?? []) : [];
  const open = Boolean(query) && query?.start !== dismissedAt && members.length > 0;
  const listId = useId();
  const optionId = (index: number) => `${listId}-opcao-${index}`;

  const setRefs = useCallback(
    (node: HTMLTextAreaElement | null) => {
      field.current = node;
      assignRef(ref, node);
    },
    [ref],
  );

  const readCaret = () => {
    const node = field.current;
    if (!node) return;
    const next =
      node.selectionStart === node.selectionEnd ? mentionQueryAt(node.value, node.selectionStart) : null;
    setQuery((current) => (current?.start === next?.start && current?.text === next?.text ? current : next));
    if (next?.start !== dismissedAt) setDismissedAt(null);
  };

  // A new list starts at its first member.
  const firstId = members[0]?.id;
  useEffect(() => {
    if (firstId !== undefined) setActive(0);
  }, [firstId]);

  const pick = (member: MentionCandidate) => {
    const node = field.current;
    // Read again where the caret is now: the name typed there is the one replaced.
    const typed = node ? mentionQueryAt(node.value, node.selectionStart) : null;
    setQuery(null);
    if (!node || !typed) return;
    const name = mentions.remember(member);
    const after = node.value.slice(node.selectionStart).replace(/^ /, '');
    const inserted = `@${name} `;
    typeInto(node, node.value.slice(0, typed.start) + inserted + after, typed.start + inserted.length);
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) => (index + step + members.length) % members.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        const member = members[Math.min(active, members.length - 1)];
        if (member) {
          event.preventDefault();
          pick(member);
          return;
        }
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setDismissedAt(query?.start ?? null);
        return;
      }
    }
    onKeyDown?.(event);
  };

  return (
    <div className="relative w-full min-w-0">
      <Textarea
        {...props}
        ref={setRefs}
        className={className}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(Math.min(active, members.length - 1)) : undefined}
        onChange={(event) => {
          onChange?.(event);
          readCaret();
        }}
        onSelect={(event) => {
          onSelect?.(event);
          readCaret();
        }}
        onKeyDown={keyDown}
        onKeyUp={(event) => {
          props.onKeyUp?.(event);
          if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) readCaret();
        }}
        onClick={(event) => {
          props.onClick?.(event);
          readCaret();
        }}
        onBlur={(event) => {
          onBlur?.(event);
          setQuery(null);
        }}
      />
      <div aria-live="polite" className="sr-only">
        {open
          ? `${members.length} ${members.length === 1 ? 'membro encontrado' : 'membros encontrados'}`
          : ''}
      </div>
      {open ? (
        <div
          id={listId}
          role="listbox"
          aria-label="Mencionar membro"
          className="absolute top-full right-0 left-0 z-30 mt-1 max-h-64 overflow-y-auto rounded-lg border border-border bg-surface-2 p-1 shadow-xl shadow-black/40"
        >
          {members.map((member, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard picks from the field (aria-activedescendant).
            <div
              key={member.id}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              // Keeps the focus (and the caret) in the field: the pick happens on click, mouse or touch.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => pick(member)}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm',
                index === active ? 'bg-primary/15 text-foreground' : 'text-zinc-200',
              )}
            >
              <UserAvatar name={member.name} avatar={member.avatarUrl ?? null} size="sm" />
              <span className="min-w-0 truncate">{member.name}</span>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
});
