import { describe, expect, it } from 'vitest';
import { chooseLayout, followScroll, SMALLEST_FONT, type ListBox, type ListLayout } from './fit-layout';

// The players' list must show everyone where it can (nobody at the table can scroll it), with
// text that can be read across a table; beyond that it follows whoever is acting. The boxes are
// the room the list has on the players' screen under its header, as measured in Chromium.

const AT_1280: ListBox = { width: 1229, height: 608 };
const AT_1920: ListBox = { width: 1869, height: 968 };
/** Beside a map at 1280×720 (the list's column is 22rem). */
const BESIDE_MAP: ListBox = { width: 374, height: 608 };

/** How tall the rows on screen stand: every column's rows when all fit, the rows shown otherwise. */
const drawnHeight = (l: ListLayout) => l.rowsPerColumn * (l.rowHeight + l.gap) - l.gap;

function expectAllFit(count: number, box: ListBox): ListLayout {
  const layout = chooseLayout(count, box);
  expect(layout.fitsAll).toBe(true);
  expect(layout.columns * layout.rowsPerColumn).toBeGreaterThanOrEqual(count);
  expect(drawnHeight(layout)).toBeLessThanOrEqual(box.height);
  expect(layout.font).toBeGreaterThanOrEqual(SMALLEST_FONT);
  return layout;
}

describe('chooseLayout', () => {
  it('fits 20 characters at 1280×720, in two columns', () => {
    expect(expectAllFit(20, AT_1280)).toMatchObject({ columns: 2, shape: 'line' });
  });

  it('fits 40 characters at 1920×1080', () => {
    expect(expectAllFit(40, AT_1920).columns).toBeGreaterThanOrEqual(2);
  });

  it('fits everyone at every count up to those, never below the smallest readable text', () => {
    for (let count = 1; count <= 20; count++) expectAllFit(count, AT_1280);
    for (let count = 1; count <= 40; count++) expectAllFit(count, AT_1920);
  });

  it('gives fewer characters larger text, in one column while they fit in it', () => {
    const few = chooseLayout(4, AT_1280);
    expect(few).toMatchObject({ columns: 1, fitsAll: true });
    expect(few.font).toBeGreaterThan(chooseLayout(20, AT_1280).font);
    let previous = Infinity;
    for (let count = 1; count <= 80; count++) {
      const { font } = chooseLayout(count, AT_1920);
      expect(font).toBeLessThanOrEqual(previous);
      previous = font;
    }
  });

  it('puts a name on a line of its own in a narrow list, beside a map', () => {
    const layout = chooseLayout(6, BESIDE_MAP);
    expect(layout).toMatchObject({ columns: 1, shape: 'stack', fitsAll: true });
    expect(layout.font).toBeGreaterThanOrEqual(SMALLEST_FONT);
  });

  it('beyond what fits keeps the smallest readable text and shows whole rows only', () => {
    const layout = chooseLayout(60, AT_1280);
    expect(layout).toMatchObject({ fitsAll: false, font: SMALLEST_FONT });
    expect(layout.columns).toBeGreaterThanOrEqual(2);
    expect(drawnHeight(layout)).toBeLessThanOrEqual(AT_1280.height);
    expect(drawnHeight(layout) + layout.rowHeight + layout.gap).toBeGreaterThan(AT_1280.height);
  });
});

describe('followScroll', () => {
  it('keeps the list at the top when everyone fits', () => {
    const layout = chooseLayout(20, AT_1280);
    for (let i = 0; i < 20; i++) expect(followScroll(layout, 20, i)).toBe(0);
  });

  it('beyond what fits, scrolls so that whoever is acting is on screen, with the one before them', () => {
    for (const [count, box] of [[60, AT_1280], [120, AT_1920], [30, BESIDE_MAP]] as const) {
      const layout = chooseLayout(count, box);
      expect(layout.fitsAll).toBe(false);
      const step = layout.rowHeight + layout.gap;
      const lastTop = (Math.ceil(count / layout.columns) - layout.rowsPerColumn) * step;
      for (let i = 0; i < count; i++) {
        const top = followScroll(layout, count, i) as number;
        const rowTop = Math.floor(i / layout.columns) * step;
        expect(rowTop, `row ${i + 1} of ${count}`).toBeGreaterThanOrEqual(top);
        expect(rowTop + layout.rowHeight).toBeLessThanOrEqual(top + drawnHeight(layout));
        // Never past the last row: the screen stays full.
        expect(top).toBeLessThanOrEqual(lastTop);
        if (rowTop >= step && rowTop - step < lastTop) expect(top).toBeLessThanOrEqual(rowTop - step);
      }
    }
  });

  it('stays where it is while nobody shown is acting', () => {
    expect(followScroll(chooseLayout(60, AT_1280), 60, -1)).toBeNull();
  });
});
