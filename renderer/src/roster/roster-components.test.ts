import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { findRuleset, type Ruleset } from '../../../engine/index';
import BestiaryImport from './BestiaryImport.svelte';
import RosterList from './RosterList.svelte';
import TemplateEditor from './TemplateEditor.svelte';
import { newTemplate, templateItem } from './template';

// Server-renders the components with plain props (they use no store): what is checked is the
// text the GM reads and the labels a keyboard or screen-reader user reaches.

const textOf = (html: string) => html.replace(/<!--[^>]*-->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const zones = findRuleset('zones') as Ruleset;
const noop = () => {};

const goblin = templateItem('Goblin', {
  ...newTemplate(zones),
  stats: { str: 8, agi: 12, wit: 7 },
  tracks: { health: 5 },
  fearless: true,
  resources: [{ name: 'Rage', max: 2, used: 1, reset: 'encounter' }],
});
const broken = { id: 'b1', name: 'Ogre', data: { stats: { str: 40 } } };

describe('roster components', () => {
  it('RosterList: each entry with stats, uses left, its buttons; a damaged one says what to fix', () => {
    const html = render(RosterList, { props: { title: 'Bestiary', items: [goblin, broken], ruleset: zones, onChange: noop, onAdd: noop } }).body;
    const text = textOf(html);
    expect(text).toContain('Bestiary (2)');
    expect(text).toContain('Goblin STR 8 · AGI 12 · WIT 7 · HP 5');
    expect(text).toContain('Rage 1/2');
    expect(text).toContain('Rage: 1 of 2 uses left, per encounter');
    expect(text).toContain('Fearless');
    expect(text).toContain('Needs fixing: "Ogre" cannot be used as it is: STR 40 is above the maximum 20. Edit the entry to fix it.');
    expect(html).toContain('aria-label="Add Goblin to the encounter"');
    expect(html).toContain('aria-label="Duplicate Goblin"');
    expect(text).toContain('How many');
    expect(text).toContain('New NPC');
  });

  it('RosterList for the party: New character, rest button, no quantity', () => {
    const text = textOf(render(RosterList, { props: { title: 'Party', kind: 'party', items: [goblin], ruleset: zones, onChange: noop, onAdd: noop, onRest: noop } }).body);
    expect(text).toContain('New character');
    expect(text).toContain('Party rests (uses back)');
    expect(text).not.toContain('How many');
  });

  it('TemplateEditor: ruleset fields with their bounds, resources, gear and fearless for zones', () => {
    const html = render(TemplateEditor, { props: { item: goblin, ruleset: zones, onSave: noop, onCancel: noop } }).body;
    const text = textOf(html);
    expect(text).toContain('Edit Goblin');
    expect(text).toMatch(/STR 1 to 20/);
    expect(text).toMatch(/Health \(max\) 1 to 999/);
    expect(text).toContain('Fearless (never checks morale)');
    expect(text).toContain('Weapons and armour (0)');
    expect(html).toContain('value="Rage"');
    expect(html).toMatch(/<option value="encounter"[^>]*selected/);
    const freeform = textOf(render(TemplateEditor, { props: { item: null, ruleset: findRuleset('freeform') as Ruleset, onSave: noop, onCancel: noop } }).body);
    expect(freeform).toContain('Armour class');
    expect(freeform).not.toContain('Fearless');
    expect(freeform).not.toContain('Weapons and armour');
  });

  it('BestiaryImport: file picker, paste area and the format in words', () => {
    const html = render(BestiaryImport, { props: { ruleset: zones, onImport: noop, onCancel: noop } }).body;
    const text = textOf(html);
    expect(html).toContain('accept=".json,.csv');
    expect(text).toContain('name,STR,AGI,WIT,Health,fearless,resources,notes');
    expect(text).toContain('Rage 2 per encounter; Spell slot 3 per rest');
    // The ruleset's own fields are explained from their declaration; Freeform has none.
    expect(text).toContain('fearless is yes or no.');
    expect(text).toContain('gear can be imported from JSON only.');
    const plain = textOf(render(BestiaryImport, { props: { ruleset: findRuleset('freeform') as Ruleset, onImport: noop, onCancel: noop } }).body);
    expect(plain).not.toContain('fearless');
    expect(plain).not.toContain('JSON only');
  });
});
