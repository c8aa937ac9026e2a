// Names typed by the GM can hold right-to-left letters or bidirectional controls (U+202E RIGHT-TO-LEFT
// OVERRIDE makes "Bob\u202Eevil hits Ann" read backwards from "evil" to the end of the line). The
// exports show such a text in an isolate of its own (UAX #9: FIRST STRONG ISOLATE ... POP
// DIRECTIONAL ISOLATE in text, `<bdi>` in HTML), so it reads as typed and nothing of it reaches the
// sentence around it. Texts of plain left-to-right letters are left as they are: they cannot reorder
// anything in a left-to-right document, and every ordinary export stays byte for byte the same.
//
// Names reach the sentences in many places (the voice, and each ruleset's sentences quoting the
// weapon, condition or item an event carries), so the exports isolate at the end instead: every text
// of the encounter's events that needs it is looked for in each exported text.

/** U+2068 FIRST STRONG ISOLATE: the isolate takes the direction of its first strong letter. */
export const FSI = '\u2068';
/** U+2069 POP DIRECTIONAL ISOLATE. */
export const PDI = '\u2069';

// Right-to-left letters (the ranges UAX #9 gives bidi class R or AL by default: Hebrew, Arabic,
// Syriac, Thaana, N'Ko and the rest of U+0590-U+08FF, their presentation forms, and the
// right-to-left ranges of the supplementary planes), the implicit marks, and the explicit controls.
const NEEDS_ISOLATE = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\u{10800}-\u{10fff}\u{1e800}-\u{1efff}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
// Bidi class B: each ends every embedding and isolate, so an isolate never spans one.
const PARAGRAPH_SEPARATORS = /([\n\r\u001c-\u001e\u0085\u2029])/u;
const EMBEDDING_OPENERS = new Set(['\u202a', '\u202b', '\u202d', '\u202e']);
const PDF = '\u202c';
const ISOLATE_OPENERS = new Set(['\u2066', '\u2067', FSI]);

/** Whether a text holds right-to-left letters or bidirectional controls, and so needs an isolate. */
export function needsIsolate(text: string): boolean {
  return NEEDS_ISOLATE.test(text);
}

/**
 * A text's own embeddings, overrides and isolates balanced (without paragraph separators in it):
 * a closing control with nothing of the text's to close goes (a stray U+2069 would close the
 * isolate around the text, or whatever is open before it), and what the text leaves open is
 * closed at its end, so nothing it opens reaches past it. Everything else stays as typed.
 */
export function balanceBidi(text: string): string {
  const open: ('embedding' | 'isolate')[] = [];
  let out = '';
  for (const c of text) {
    if (EMBEDDING_OPENERS.has(c)) open.push('embedding');
    else if (ISOLATE_OPENERS.has(c)) open.push('isolate');
    else if (c === PDF) {
      // UAX #9 X7: a PDF closes only an embedding opened since the last isolate.
      if (open.at(-1) !== 'embedding') continue;
      open.pop();
    } else if (c === PDI) {
      // X6a: a PDI closes the last isolate still open and every embedding opened inside it.
      const last = open.lastIndexOf('isolate');
      if (last < 0) continue;
      open.length = last;
    }
    out += c;
  }
  return out + open.reverse().map((kind) => (kind === 'isolate' ? PDI : PDF)).join('');
}

/**
 * A text (a name) in isolates, as `wrap` writes one: each paragraph of it balanced (see
 * {@link balanceBidi}) and escaped by `escape`, the paragraph separators between them left
 * outside. A text that needs no isolate is only escaped.
 */
export function isolateWith(text: string, wrap: (inner: string) => string, escape: (text: string) => string = (t) => t): string {
  if (!needsIsolate(text)) return escape(text);
  return text
    .split(PARAGRAPH_SEPARATORS)
    .map((piece, i) => (i % 2 === 1 ? escape(piece) : piece === '' ? '' : wrap(escape(balanceBidi(piece)))))
    .join('');
}

/** A text in U+2068 ... U+2069 where it needs it (see {@link isolateWith}), for plain text, Markdown and CSV. */
export function isolateText(text: string): string {
  return isolateWith(text, (inner) => `${FSI}${inner}${PDI}`);
}

/** A stretch of an exported text: a name (a text of the encounter) or the words around it. */
export interface TextPart {
  text: string;
  name: boolean;
}

/** Splits exported texts at the names they quote. */
export type NameSplitter = (text: string) => TextPart[];

/**
 * A splitter finding `names` (those that need an isolate; the longest first, so a name that holds
 * another is found whole) wherever they appear in a text.
 */
export function nameSplitter(names: Iterable<string>): NameSplitter {
  const wanted = [...new Set([...names].filter((n) => n !== '' && needsIsolate(n)))].sort((a, b) => b.length - a.length);
  if (wanted.length === 0) return (text) => [{ text, name: false }];
  const pattern = new RegExp(wanted.map((n) => n.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')).join('|'), 'gu');
  return (text) => {
    // Every name looked for holds a right-to-left letter or a control; a text without one holds none.
    if (!needsIsolate(text)) return [{ text, name: false }];
    const parts: TextPart[] = [];
    let at = 0;
    for (const match of text.matchAll(pattern)) {
      if (match.index > at) parts.push({ text: text.slice(at, match.index), name: false });
      parts.push({ text: match[0], name: true });
      at = match.index + match[0].length;
    }
    if (at < text.length || parts.length === 0) parts.push({ text: text.slice(at), name: false });
    return parts;
  };
}

/**
 * A text with every name in it isolated by `wrap` and everything escaped by `escape`. The words
 * between names are balanced too (see {@link balanceBidi}): a control in a name the splitter did
 * not find (cut, or changed on its way into the sentence) still ends where those words end.
 */
export function isolateNames(text: string, split: NameSplitter, wrap: (inner: string) => string, escape: (text: string) => string = (t) => t): string {
  return split(text)
    .map((part) => (part.name ? isolateWith(part.text, wrap, escape) : escape(needsIsolate(part.text) ? balanceBidi(part.text) : part.text)))
    .join('');
}

/** The texts needing an isolate in one value, found once per event object (events never change). */
const foundIn = new WeakMap<object, readonly string[]>();

function textsIn(value: unknown): readonly string[] {
  if (typeof value === 'string') return needsIsolate(value) ? [value] : [];
  if (typeof value !== 'object' || value === null) return [];
  const known = foundIn.get(value);
  if (known) return known;
  const found: string[] = [];
  // A walk without recursion, as events may nest.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (needsIsolate(v)) found.push(v);
    } else if (typeof v === 'object' && v !== null) {
      for (const inner of Array.isArray(v) ? v : Object.values(v)) stack.push(inner);
    }
  }
  foundIn.set(value, found);
  return found;
}

/**
 * Every text in the encounter's events (names of characters, factions, places, items,
 * conditions, labels) that needs an isolate, and the other texts given (the campaign's name):
 * what the exports and the log on screen look for.
 */
export function namesToIsolate(events: readonly unknown[], others: readonly string[] = []): Set<string> {
  const found = new Set(others.filter(needsIsolate));
  for (const event of events) for (const text of textsIn(event)) found.add(text);
  return found;
}
