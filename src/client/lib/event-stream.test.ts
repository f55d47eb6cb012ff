import { describe, expect, it } from 'vitest';
import { createEventStreamParser, type EventStreamMessage, readEventStream } from './event-stream';

/** A fetch Response whose body arrives in exactly these byte chunks. */
function chunkedResponse(chunks: Uint8Array[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

describe('createEventStreamParser', () => {
  it('splits events on blank lines whatever the line ends, joins data lines, skips comments', () => {
    const parser = createEventStreamParser();
    const text =
      ': ping\n\nevent: progress\ndata: {"tested":1}\n\r\nevent: result\r\ndata: a\r\ndata:b\r\rdata: sem evento\n\n';
    expect(parser.push(text)).toEqual([
      { event: 'progress', data: '{"tested":1}' },
      { event: 'result', data: 'a\nb' },
      { event: 'message', data: 'sem evento' },
    ]);
  });

  it('gives the same events whatever the chunk boundaries (a CRLF split in two included)', () => {
    const text =
      'event: progress\r\ndata: {"tested":1,"total":2}\r\n\r\nevent: done\r\ndata: {"ok":true}\r\n\r\n';
    const expected = [
      { event: 'progress', data: '{"tested":1,"total":2}' },
      { event: 'done', data: '{"ok":true}' },
    ];
    for (let size = 1; size <= text.length; size++) {
      const parser = createEventStreamParser();
      const out: EventStreamMessage[] = [];
      for (let i = 0; i < text.length; i += size) out.push(...parser.push(text.slice(i, i + size)));
      out.push(...parser.end());
      expect(out, `chunks of ${size}`).toEqual(expected);
    }
  });

  it('drops an event cut off before its blank line', () => {
    const parser = createEventStreamParser();
    expect(
      parser.push('event: result\ndata: {"slug":"up1"}\n\nevent: result\ndata: {"slug":"up'),
    ).toHaveLength(1);
    expect(parser.end()).toEqual([]);
  });
});

describe('readEventStream', () => {
  it('decodes multi-byte characters split between chunks', async () => {
    const bytes = new TextEncoder().encode('event: error\ndata: {"message":"Verificação não concluída"}\n\n');
    const cut = bytes.indexOf(0xa7); // the second byte of 'ç'
    const messages: EventStreamMessage[] = [];
    await readEventStream(chunkedResponse([bytes.slice(0, cut), bytes.slice(cut)]), (m) => messages.push(m));
    expect(messages).toEqual([{ event: 'error', data: '{"message":"Verificação não concluída"}' }]);
  });

  it('stops reading when the signal aborts', async () => {
    let pull = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pull++;
        controller.enqueue(new TextEncoder().encode(`event: progress\ndata: ${pull}\n\n`));
      },
    });
    const controller = new AbortController();
    const messages: EventStreamMessage[] = [];
    await expect(
      readEventStream(
        new Response(body),
        (m) => {
          messages.push(m);
          if (messages.length === 3) controller.abort();
        },
        controller.signal,
      ),
    ).rejects.toThrow();
    expect(messages).toHaveLength(3);
  });
});
