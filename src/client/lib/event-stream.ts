/**
 * Server-sent events read from a fetch() response (the long-running tools stream their progress on the POST
 * that started them, which EventSource cannot send). The parser follows the WHATWG event-stream rules: lines
 * end with CRLF, LF or CR (also split across chunks), `data:` lines of one event are joined with '\n', a
 * comment (`:`) is skipped, an event is dispatched on a blank line, and an unfinished event at the end is dropped.
 */
export interface EventStreamMessage {
  event: string;
  data: string;
}

export function createEventStreamParser() {
  let buffer = '';
  let event = '';
  let data: string[] = [];

  const takeLine = (line: string, out: EventStreamMessage[]) => {
    if (line === '') {
      if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
  };

  return {
    /** Feeds decoded text; returns the events completed by it. */
    push(text: string): EventStreamMessage[] {
      buffer += text;
      const out: EventStreamMessage[] = [];
      for (;;) {
        const end = buffer.search(/[\r\n]/);
        if (end === -1) break;
        // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
        if (buffer[end] === '\r' && end === buffer.length - 1) break;
        const skip = buffer[end] === '\r' && buffer[end + 1] === '\n' ? 2 : 1;
        takeLine(buffer.slice(0, end), out);
        buffer = buffer.slice(end + skip);
      }
      return out;
    },
    /** The stream ended: a lone CR left in the buffer ends its line; an event without its blank line is dropped. */
    end(): EventStreamMessage[] {
      const out: EventStreamMessage[] = [];
      if (buffer.endsWith('\r')) takeLine(buffer.slice(0, -1), out);
      buffer = '';
      return out;
    },
  };
}

/**
 * Reads `response`'s body as an event stream, calling `onMessage` for each event in order, until the body ends
 * or `signal` aborts (the reader is cancelled then, which also closes the connection). Multi-byte characters
 * split across chunks are decoded whole.
 */
export async function readEventStream(
  response: Response,
  onMessage: (message: EventStreamMessage) => void,
  signal?: AbortSignal,
): Promise<void> {
  if (!response.body) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = createEventStreamParser();
  const cancel = () => void reader.cancel().catch(() => {});
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      if (signal?.aborted) throw signal.reason ?? new DOMException('Aborted', 'AbortError');
      const { done, value } = await reader.read();
      if (signal?.aborted) throw signal.reason ?? new DOMException('Aborted', 'AbortError');
      if (done) break;
      for (const message of parser.push(decoder.decode(value, { stream: true }))) onMessage(message);
    }
    for (const message of parser.push(decoder.decode())) onMessage(message);
    for (const message of parser.end()) onMessage(message);
  } finally {
    signal?.removeEventListener('abort', cancel);
    try {
      reader.releaseLock();
    } catch {
      // Already released or cancelled.
    }
  }
}
