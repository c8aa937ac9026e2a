/**
 * Reading a Server-Sent Events stream as it arrives, in pieces of any size. The page reads the
 * stream itself (fetch) rather than through EventSource, because EventSource hides the server's
 * `: ping` comments, and the page must see them to tell a quiet fight from a dead connection.
 * Follows the format's rules: lines end in \n, \r\n or \r; a blank line ends a message; a line
 * starting with ':' is a comment; `field: value` loses one space after the colon.
 */

/** One thing the stream said: a message (its event type, `message` by default) or a comment. */
export type SseItem = { kind: 'message'; event: string; data: string; id: string | null } | { kind: 'comment'; text: string };

export class SseReader {
  /** The pieces of the line not finished yet: joined once, when its end comes. */
  #pending: string[] = [];
  /** The last piece ended in \r: a \n starting the next one is the rest of that line end. */
  #afterCr = false;
  #event = '';
  #data: string[] = [];
  #id: string | null = null;

  /**
   * What the new piece of text completes, in order; an unfinished line waits for the next piece.
   * Only the new text is searched for line ends, so a long line (a screen of a big fight) that
   * comes in many pieces costs its length once, not once per piece.
   */
  feed(text: string): SseItem[] {
    const items: SseItem[] = [];
    if (text === '') return items;
    let start = this.#afterCr && text.startsWith('\n') ? 1 : 0;
    this.#afterCr = false;
    const ends = /\r\n|\n|\r/g;
    ends.lastIndex = start;
    for (let end = ends.exec(text); end !== null; end = ends.exec(text)) {
      const tail = text.slice(start, end.index);
      const line = this.#pending.length === 0 ? tail : this.#pending.join('') + tail;
      this.#pending = [];
      start = end.index + end[0].length;
      if (end[0] === '\r' && start === text.length) this.#afterCr = true;
      const item = this.#line(line);
      if (item) items.push(item);
    }
    if (start < text.length) this.#pending.push(text.slice(start));
    return items;
  }

  #line(line: string): SseItem | null {
    if (line === '') {
      if (this.#data.length === 0) {
        this.#event = '';
        return null;
      }
      const message: SseItem = { kind: 'message', event: this.#event || 'message', data: this.#data.join('\n'), id: this.#id };
      this.#event = '';
      this.#data = [];
      return message;
    }
    if (line.startsWith(':')) return { kind: 'comment', text: line.slice(1).trimStart() };
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') this.#event = value;
    else if (field === 'data') this.#data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.#id = value;
    return null;
  }
}
