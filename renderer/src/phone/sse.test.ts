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
    expect(reader.feed('\n\r\ndata:three\r\r')).toEqual([{ kind: 'message', event: 'message', data: 'one\ntwo', id: null }]);
    // The last \r could be the start of \r\n: the message ends when the next piece shows it is not.
    expect(reader.feed('\n')).toEqual([{ kind: 'message', event: 'message', data: 'three', id: null }]);
  });

  it('keeps an unfinished message until its end arrives', () => {
    const reader = new SseReader();
    expect(reader.feed('event: ended\ndata: {}\n')).toEqual([]);
    expect(reader.feed('\n')).toEqual([{ kind: 'message', event: 'ended', data: '{}', id: null }]);
  });
});
