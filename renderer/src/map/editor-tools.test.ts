import { describe, expect, it } from 'vitest';
import { EDITOR_TOOLS, toolHint } from './editor-tools';

describe('the zone map editor\'s hint', () => {
  it('is the tool\'s own hint, and with the Link tool says which zone to click or what to choose', () => {
    expect(toolHint('rectangle', 'from', null, null)).toBe(EDITOR_TOOLS[1]?.hint);
    expect(toolHint('link', 'from', null, null)).toBe(EDITOR_TOOLS[3]?.hint);
    expect(toolHint('link', 'to', 'Hall', null)).toBe('Now click the zone to link Hall with (or click Hall again to start over).');
    expect(toolHint('link', 'from', 'Hall', 'Yard')).toBe('Choose the kind of link between Hall and Yard on the right, then Set link.');
    expect(toolHint('select', 'to', 'Hall', 'Yard')).toBe(EDITOR_TOOLS[0]?.hint);
  });
});
