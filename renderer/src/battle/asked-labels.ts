import type { Id, Point } from '../../../engine/index';

/**
 * Where the label naming a token's part in a question goes ("may strike"): under the token, or
 * over it where under would cover another token or another label and over would not. Subjects of
 * a question stand side by side (the one moving away and the one who may strike), so the first
 * choice alone would often put one label on the other's token.
 */

/** A token on the map: its middle and radius, in map units. */
export interface PlacedToken {
  readonly id: Id;
  readonly at: Point;
  readonly r: number;
}

/** A label's box around the token's middle, in map units; `size` is its letters' height. */
export interface LabelBox {
  readonly cx: number;
  readonly cy: number;
  readonly width: number;
  readonly height: number;
  readonly size: number;
}

/** The label's letters are this many screen pixels high, whatever the zoom. */
const LABEL_PX = 12;

/** The label of `text` for a token of radius `r`, under it or over it; `px` is map units per screen pixel. */
export function labelBox(text: string, r: number, px: number, above: boolean): LabelBox {
  const size = LABEL_PX * px;
  // Clear of the token's rings (the widest is 1.62 r); bold system letters are about 0.6 em wide.
  return { cx: 0, cy: (above ? -1 : 1) * (r * 1.62 + size * 0.9), width: (text.length * 0.6 + 1) * size, height: size * 1.6, size };
}

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const overlap = (a: Rect, b: Rect): number => Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));

function rectOf(token: PlacedToken, box: LabelBox): Rect {
  const x = token.at[0] + box.cx;
  const y = token.at[1] + box.cy;
  return { x0: x - box.width / 2, y0: y - box.height / 2, x1: x + box.width / 2, y1: y + box.height / 2 };
}

/**
 * The subjects whose labels go over their tokens: taken in order, each goes under its token
 * unless that covers more of the other tokens and the labels placed before it than over does.
 */
export function labelsAbove(tokens: readonly PlacedToken[], labels: readonly { id: Id; text: string }[], px: number): ReadonlySet<Id> {
  const above = new Set<Id>();
  const placed: Rect[] = [];
  for (const label of labels) {
    const token = tokens.find((t) => t.id === label.id);
    if (!token) continue;
    const cost = (up: boolean): { rect: Rect; covered: number } => {
      const rect = rectOf(token, labelBox(label.text, token.r, px, up));
      const discs = tokens.filter((t) => t.id !== token.id).reduce((sum, t) => sum + overlap(rect, { x0: t.at[0] - t.r, y0: t.at[1] - t.r, x1: t.at[0] + t.r, y1: t.at[1] + t.r }), 0);
      // Two labels on each other hide both: that weighs more than a label over a token's edge.
      return { rect, covered: discs + 2 * placed.reduce((sum, p) => sum + overlap(rect, p), 0) };
    };
    const under = cost(false);
    const over = cost(true);
    const up = over.covered < under.covered;
    if (up) above.add(label.id);
    placed.push(up ? over.rect : under.rect);
  }
  return above;
}
