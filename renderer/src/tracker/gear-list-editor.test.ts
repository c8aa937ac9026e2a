import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import type { GearDeclaration } from '../../../engine/index';
import { ZONES_GEAR, type GearInput } from '../../../engine/rulesets/zones/index';
import GearListEditor from './GearListEditor.svelte';

// Server-renders the generated gear form: what the GM reads and the labels a keyboard or
// screen-reader user reaches, for any ruleset's declaration.

const textOf = (html: string) => html.replace(/<!--[^>]*-->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const noop = () => {};

/** A declaration of the kind the grid rulesets bring: one kind, a number, a choice, a text field. */
const BLADES: GearDeclaration = {
  max: 2,
  kinds: [
    {
      id: 'weapon',
      label: 'Weapon',
      fresh: { name: 'Axe', shock: 1 },
      fields: [
        { key: 'shock', label: 'Shock', hint: 'Damage on a miss.', kind: 'number', default: 0, min: 0, max: 10 },
        { key: 'type', label: 'Damage type', hint: 'What it does.', kind: 'choice', default: 'slash', options: [{ value: 'slash', label: 'Slashing' }, { value: 'pierce', label: 'Piercing' }] },
        { key: 'note', label: 'Note', hint: 'Anything else.', kind: 'text', default: '', maxLength: 40 },
      ],
    },
  ],
};

describe('GearListEditor', () => {
  it("shows each piece's fields by its kind, a range only for weapons that reach beyond melee", () => {
    const items: GearInput[] = [
      { name: 'Bow', kind: 'weapon', damage: 'd6', reach: 'ranged', range: 2 },
      { name: 'Sword', kind: 'weapon', damage: 'd8' },
      { name: 'Buckler', kind: 'shield', protection: 1 },
    ];
    const html = render(GearListEditor, { props: { declaration: ZONES_GEAR, items, onChange: noop } }).body;
    const text = textOf(html);
    expect(text.match(/Range(?!d)/g)).toHaveLength(1);
    expect(text.match(/Protection/g)).toHaveLength(1);
    expect(text).toContain('+ Weapon + Shield + Armour');
    expect(html).toContain('aria-label="Remove Buckler"');
    expect(html).toContain('title="In zones"');
  });

  it('generates the form from any declaration: no kind picker for one kind, and no more pieces past the most', () => {
    const axe = { name: 'Axe', kind: 'weapon', shock: 1 };
    const one = textOf(render(GearListEditor, { props: { declaration: BLADES, items: [axe], onChange: noop } }).body);
    expect(one).toContain('Shock');
    expect(one).toContain('Damage type Slashing Piercing');
    expect(one).toContain('Note');
    expect(one).not.toContain('Kind');
    expect(one).toContain('+ Weapon');
    const full = textOf(render(GearListEditor, { props: { declaration: BLADES, items: [{ name: 'Axe', kind: 'weapon' }, { name: 'Pick', kind: 'weapon' }], onChange: noop } }).body);
    expect(full).not.toContain('+ Weapon');
    expect(full).toContain('At most 2 pieces of gear.');
  });

  it("shows beside a piece what the engine will refuse of it: a ranged weapon's range below 1, not a melee one's", () => {
    const text = (items: GearInput[]) => textOf(render(GearListEditor, { props: { declaration: ZONES_GEAR, items, onChange: noop } }).body);
    const refused = 'give it a range of at least 1 zone';
    expect(text([{ name: 'Bow', kind: 'weapon', damage: 'd6', reach: 'ranged', range: 0 }])).toContain('Bow is a ranged weapon: give it a range of at least 1 zone.');
    expect(text([{ name: 'Mortar', kind: 'weapon', damage: 'd10', reach: 'indirect', range: 0 }])).toContain('Mortar is an indirect weapon: give it a range of at least 1 zone.');
    expect(text([{ name: 'Bow', kind: 'weapon', damage: 'd6', reach: 'ranged', range: 1 }])).not.toContain(refused);
    expect(text([{ name: 'Bow', kind: 'weapon', damage: 'd6', reach: 'ranged' }])).not.toContain(refused);
    expect(text([{ name: 'Sword', kind: 'weapon', damage: 'd8', reach: 'melee', range: 0 }])).not.toContain(refused);
    const short: GearInput[] = [{ name: 'Bow', kind: 'weapon', damage: 'd6', reach: 'ranged', range: 0 }];
    const html = render(GearListEditor, { props: { declaration: ZONES_GEAR, items: short, onChange: noop } }).body;
    expect(html).toMatch(/aria-describedby="([^"]+)"[\s\S]*id="\1"[^>]*role="alert"/);
  });
});
