import { describe, expect, it } from 'vitest';
import { SseReader } from './sse';

describe('reading a Server-Sent Events stream', () => {
  it('gives each message once its blank line arrives, however the text is cut', () => {
    const reader = new SseReader();
    const text = 'event: screen\nid: 3\ndata: {"a":1}\n\n: ping\n\nevent: share\ndata: {"pick":true}\n\n';
    const items = [...text].flatMap((char) => reader.feed(char));
    expect(items).toEqual([
      { kind: 'message', event: 'screen', data: '{"a":1}', id: '3' },
      { kind: 'comment', text: 'ping' },
      { kind: 'message', event: 'share', data: '{"pick":true}', id: '3' },
    ]);
  });

  it('reads \\r\\n and \\r line ends, several data lines, and a message without an event type', () => {
    const reader = new SseReader();
    expect(reader.feed('data: one\r\ndata: two\r')).toEqual([]);
    // A lone \r ends a line at once (the blank line after "data:three" ends its message)…
    expect(reader.feed('\n\r\ndata:three\r\r')).toEqual([
      { kind: 'message', event: 'message', data: 'one\ntwo', id: null },
      { kind: 'message', event: 'message', data: 'three', id: null },
    ]);
    // …and a \n starting the next piece is the second half of that \r\n, not another blank line.
    expect(reader.feed('\n')).toEqual([]);
    expect(reader.feed('data: four\r')).toEqual([]);
    expect(reader.feed('\ndata: five\n\n')).toEqual([{ kind: 'message', event: 'message', data: 'four\nfive', id: null }]);
  });

  it('reads a long line that arrives in many small pieces, whole and once', () => {
    const reader = new SseReader();
    const data = JSON.stringify({ screen: { names: Array.from({ length: 40_000 }, (_, i) => `Hero ${i}`) } });
    const text = `event: screen\nid: 7\ndata: ${data}\n\n`;
    const items = [];
    for (let at = 0; at < text.length; at += 64) items.push(...reader.feed(text.slice(at, at + 64)));
    expect(items).toEqual([{ kind: 'message', event: 'screen', data, id: '7' }]);
  });

  it('keeps an unfinished message until its end arrives', () => {
    const reader = new SseReader();
    expect(reader.feed('event: ended\ndata: {}\n')).toEqual([]);
    expect(reader.feed('\n')).toEqual([{ kind: 'message', event: 'ended', data: '{}', id: null }]);
  });
});
