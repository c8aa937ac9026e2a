import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { ruleset } from '../../roster/test-support';
import { panelsFor } from '../registry';
import EntryGear from './EntryGear.svelte';

// The generic gear part fills the forms of every ruleset with a gear part, where its panels give
// none of their own, and reads its words and fields from the ruleset.

const textOf = (html: string) => html.replace(/<!--[^>]*-->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const noop = () => {};

describe('the generic gear part', () => {
  it('serves the add, edit and entry forms of Sides & Shock, Three Actions and Skill Ranks, under their own key', () => {
    for (const [id, key] of [['sides', 'gear'], ['three-actions', 'gear'], ['ranks', 'sheet']] as const) {
      const add = panelsFor(id).combatant?.add;
      expect(add?.below).toBeDefined();
      expect(add?.initial()).toEqual({ rules: { [key]: [] } });
      expect(add?.afterAdd({ rules: { [key]: [{ name: 'Club', kind: 'weapon' }] } })).toEqual({ rules: { [key]: [] } });
      expect(panelsFor(id).combatant?.edit).toBe(panelsFor('sides').combatant?.edit);
      expect(panelsFor(id).combatant?.entryFields).toBe(panelsFor('sides').combatant?.entryFields);
    }
  });

  it("leaves a ruleset's own parts in place: Zones & Factions' fearless, rule states and entries, and 2d6 & Vigilant's kit", () => {
    const zones = panelsFor('zones').combatant;
    expect(zones?.add?.inline).toBeDefined();
    expect(zones?.add?.below).toBe(panelsFor('sides').combatant?.add?.below);
    expect(zones?.edit).not.toBe(panelsFor('sides').combatant?.edit);
    expect(zones?.entryFields).not.toBe(panelsFor('sides').combatant?.entryFields);
    // 2d6 & Vigilant's weapons and proficiencies are the generic part's lists; its armour and trait slots are its own.
    const twoDice = panelsFor('two-dice').combatant;
    expect(twoDice?.add?.below).toBe(panelsFor('sides').combatant?.add?.below);
    expect(twoDice?.add?.inline).toBeDefined();
    expect(twoDice?.add?.initial()).toEqual({ rules: { armour: 'none', weapons: [], proficiencies: [] } });
    expect(twoDice?.edit).not.toBe(panelsFor('sides').combatant?.edit);
    expect(panelsFor('freeform').combatant).toBeUndefined();
  });

  it("frames each of a ruleset's several lists under its title, count and hint (2d6 & Vigilant's kit)", () => {
    const value = { armour: 'light', weapons: [{ name: 'Sword', kind: 'weapon', category: 'one-handed', subclass: 'swords' }], proficiencies: [] };
    const text = textOf(render(EntryGear, { props: { value, onChange: noop, ruleset: ruleset('two-dice') } }).body);
    expect(text).toMatch(/Weapons \(1\)/);
    expect(text).toMatch(/Weapon proficiencies \(0\) A subclass in a category/);
  });

  it("shows an entry's gear under the ruleset's title, and its own fields beside it", () => {
    const value = { gear: [{ name: 'Spear', kind: 'weapon' }], tests: { fortify: 'd6+d4+1', dodge: '' } };
    const html = render(EntryGear, { props: { value, onChange: noop, ruleset: ruleset('three-actions') } }).body;
    expect(textOf(html)).toMatch(/Weapons and items \(1\)/);
    expect(html).toContain('aria-label="Their own tests"');
    expect(html).toMatch(/title="Attribute die \+ athletics die \+ fortitude, such as d6\+d4\+1"[^>]*>Fortify test <input value="d6\+d4\+1"/);
    const sheet = textOf(render(EntryGear, { props: { value: { sheet: [] }, onChange: noop, ruleset: ruleset('ranks') } }).body);
    expect(sheet).toMatch(/Skills and weapons \(0\)/);
    expect(sheet).not.toMatch(/Fortify test/);
  });
});
