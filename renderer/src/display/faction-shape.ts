/**
 * Each side's shape, so sides are told apart without their colours (colour-blind GMs and players,
 * a washed-out TV): the rows, the "acting now" card, whose go it is, the tokens on the map and the
 * players' screen draw a side's mark in its colour and its shape. The shape follows the side's
 * place in the fight's list of sides, so it is the same on every screen that lists them all.
 */

export type FactionShape = 'circle' | 'square' | 'triangle' | 'diamond' | 'hexagon' | 'star';

const SHAPES: readonly FactionShape[] = ['circle', 'square', 'triangle', 'diamond', 'hexagon', 'star'];

/**
 * The shape of the side at `index` in the fight's list of sides (past six, they come round
 * again); a circle for one not in the list (index -1, as `findIndex` says it).
 */
export function shapeAt(index: number): FactionShape {
  return index < 0 ? 'circle' : (SHAPES[index % SHAPES.length] ?? 'circle');
}

/** The shape of the side `id` among `sides`. */
export function shapeOf(sides: readonly { readonly id: string }[], id: string | undefined): FactionShape {
  return shapeAt(sides.findIndex((s) => s.id === id));
}

// Points round the centre, the first straight up.
function polygon(points: number, r: number, turn = 0): string {
  const corners = Array.from({ length: points }, (_, i) => {
    const a = turn + (2 * Math.PI * i) / points - Math.PI / 2;
    return `${(r * Math.cos(a)).toFixed(3)} ${(r * Math.sin(a)).toFixed(3)}`;
  });
  return `M ${corners.join(' L ')} Z`;
}

function star(r: number): string {
  const inner = r * 0.5;
  const corners = Array.from({ length: 10 }, (_, i) => {
    const a = (Math.PI * i) / 5 - Math.PI / 2;
    const d = i % 2 === 0 ? r : inner;
    return `${(d * Math.cos(a)).toFixed(3)} ${(d * Math.sin(a)).toFixed(3)}`;
  });
  return `M ${corners.join(' L ')} Z`;
}

/**
 * The shape as an SVG path centred on 0,0 that fits a circle of radius `r`; each takes about the
 * same room as the disc it replaces (the square and diamond a little less than the circle).
 */
export function shapePath(shape: FactionShape, r: number): string {
  switch (shape) {
    case 'circle':
      return `M ${-r} 0 A ${r} ${r} 0 1 0 ${r} 0 A ${r} ${r} 0 1 0 ${-r} 0 Z`;
    case 'square':
      return polygon(4, r * 1.08, Math.PI / 4);
    case 'triangle':
      // Its centre sits a little low so it looks centred, and it is larger to hold the initials.
      return `M 0 ${(-r * 1.18).toFixed(3)} L ${(r * 1.15).toFixed(3)} ${(r * 0.82).toFixed(3)} L ${(-r * 1.15).toFixed(3)} ${(r * 0.82).toFixed(3)} Z`;
    case 'diamond':
      return polygon(4, r * 1.12);
    case 'hexagon':
      return polygon(6, r * 1.04, Math.PI / 6);
    case 'star':
      return star(r * 1.15);
  }
}

const markImages = new Map<string, string>();

/**
 * The side's mark (as `FactionMark` draws it: the shape in its colour, a light outline) as a CSS
 * image, for a part drawn many times over (the rows of a long turn order), where it then costs no
 * nodes of its own. A `blob:` address, as the page's content policy allows no `data:` images; one
 * per shape and colour, kept for the page's life (a fight has a handful). Colours come from the
 * GM's settings: anything but a plain colour is grey.
 */
export function markImage(shape: FactionShape, colour: string | undefined): string {
  const fill = colour && /^#[0-9a-f]{3,8}$|^[a-z]+$/i.test(colour) ? colour : '#888';
  const key = `${shape} ${fill}`;
  let image = markImages.get(key);
  if (!image) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-1.25 -1.25 2.5 2.5"><path d="${shapePath(shape, 1)}" fill="${fill}" stroke="#f2f4f8" stroke-width="0.12"/></svg>`;
    image = `url("${URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }))}")`;
    markImages.set(key, image);
  }
  return image;
}
