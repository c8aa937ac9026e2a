import { isRecord } from '../../json';
import type { CoreEvent } from '../../core/events';
import type { Combatant, EncounterState, Id } from '../../core/state';
import type { PendingAttack } from './attack';
import { isFailure } from '../../core/checks';
import { failure } from '../../result';
import type { RuleSlice } from '../../core/ruleset';
import { findPrompt, withoutPrompt, withPrompt } from '../../core/prompt-stack';
import { checkGear, type GearItem } from './gear';

/**
 * Zones & Factions' part of the encounter state (`state.rules`): each faction's number at its
 * largest (what morale compares with), the factions shaken this round (reduced during the fight to
 * where morale breaks: due a check at the round's end), and the factions whose morale check the
 * morale phase is waiting for.
 */
interface ZonesFightSlice {
  factionSize: Record<Id, number>;
  shaken: Id[];
  moraleDue: Id[];
}

/** As stored: no side shaken is no field at all (see `withZonesFight`). */
export const FRESH_FIGHT: Omit<ZonesFightSlice, 'shaken'> = { factionSize: {}, moraleDue: [] };

/** Zones' fight as its rules read it: its slice, and the attack waiting for reactions (an open prompt). */
export interface ZonesFight extends ZonesFightSlice {
  pendingAttack: PendingAttack | null;
}

/** The prompt an attack waiting for reactions is (its id and its kind): one at a time. */
export const ATTACK_PROMPT = 'zones/attack';

/**
 * Zones & Factions' part of each combatant (`combatant.rules`): who holds them grabbed, if
 * anyone, and the weapons, shields and armour they carry.
 */
export interface ZonesPerson {
  grabbedBy: Id | null;
  gear: GearItem[];
}

export const FRESH_PERSON: ZonesPerson = { grabbedBy: null, gear: [] };

/** Zones' part of a combatant; the fresh one for a combatant made before it had one. */
export function zonesPerson(c: Pick<Combatant, 'rules'>): ZonesPerson {
  const rules = c.rules as Partial<ZonesPerson> | undefined;
  return { grabbedBy: rules?.grabbedBy ?? null, gear: rules?.gear ?? [] };
}


/**
 * A new character's part from `add-combatant`'s `rules` (`{ gear }`): each piece of gear checked
 * and given a fresh id ("g…"); nobody holds them yet.
 */
export const NEW_PERSON: NonNullable<RuleSlice['newCombatant']> = {
  freshIds: (input) => (isRecord(input) && Array.isArray(input.gear) ? input.gear.length : 0),
  part(_state, input, freshId) {
    if (input === undefined) return { ok: true, value: FRESH_PERSON };
    if (!isRecord(input)) return failure('combatant/rules', "A Zones & Factions character's own fields are given as { gear: [...] }.");
    const unknown = Object.keys(input).find((k) => k !== 'gear');
    if (unknown !== undefined) return failure('combatant/rules', `Zones & Factions keeps no "${unknown}" on a character; its own field is gear.`);
    const gear = checkGear(input.gear ?? [], [], (n) => freshId('g', n));
    return isFailure(gear) ? gear : { ok: true, value: { ...FRESH_PERSON, gear } };
  },
};

/** The weapons, shields and armour a character carries. */
export function gearOf(c: Pick<Combatant, 'rules'>): GearItem[] {
  return zonesPerson(c).gear;
}

/** Who holds the combatant `id` grabbed; null for nobody (or nobody by that id). */
export function heldBy(state: Pick<EncounterState, 'combatants'>, id: Id): Id | null {
  const c = state.combatants.find((x) => x.id === id);
  return c ? zonesPerson(c).grabbedBy : null;
}

/** The combatant with Zones' part changed. */
export function withZonesPerson(c: Combatant, change: Partial<ZonesPerson>): Combatant {
  return { ...c, rules: { ...zonesPerson(c), ...change } };
}

function fightSlice(state: Pick<EncounterState, 'rules'>): ZonesFightSlice {
  const rules = state.rules as Partial<ZonesFightSlice> | undefined;
  return { factionSize: rules?.factionSize ?? {}, shaken: rules?.shaken ?? [], moraleDue: rules?.moraleDue ?? [] };
}

/** Zones' part of the encounter (the fresh one for a state built before it had one) and the attack waiting for reactions. */
export function zonesFight(state: Pick<EncounterState, 'rules' | 'prompts'>): ZonesFight {
  return { ...fightSlice(state), pendingAttack: (findPrompt(state, ATTACK_PROMPT)?.data as PendingAttack | undefined) ?? null };
}

/**
 * The state with Zones' part changed. No side shaken is kept as no field at all, so a fight's
 * state stays what it was before the field existed (snapshots written then still match it).
 */
export function withZonesFight(state: EncounterState, change: Partial<ZonesFightSlice>): EncounterState {
  const { shaken, ...rest } = { ...fightSlice(state), ...change };
  return { ...state, rules: shaken.length > 0 ? { ...rest, shaken } : rest };
}

/**
 * The state with this attack waiting for reactions (the prompt opened, or changed in its place),
 * or with none.
 */
export function withPendingAttack(state: EncounterState, attack: PendingAttack | null): EncounterState {
  if (!attack) return withoutPrompt(state, ATTACK_PROMPT);
  return withPrompt(state, { id: ATTACK_PROMPT, kind: ATTACK_PROMPT, involves: [attack.attackerId, ...attack.targets], data: attack });
}

// Each faction's number at its largest in the fight: morale compares the ones still fighting
// with it. It only grows once combat runs (joiners, changes of side), never shrinks.
function grownFactionSize(state: EncounterState, from: Record<Id, number>): Record<Id, number> {
  const size = { ...from };
  for (const f of state.factions) {
    const count = state.combatants.filter((c) => c.factionId === f.id).length;
    if (count > (size[f.id] ?? 0)) size[f.id] = count;
  }
  return size;
}

/** How Zones' part follows the core's events (the state given is the one after the event). */
export function followCoreEvent(state: EncounterState, event: CoreEvent): EncounterState {
  switch (event.type) {
    case 'combat-started':
      // A fight started again after it ended counts its factions anew (the core closed any
      // attack left waiting). Holding one's nerve lasts "for the remainder of the stretch": by
      // the setting, the stretch ends as the next fight starts, so everyone is subject to morale
      // again, or when the GM takes the mark off.
      return withZonesFight(
        state.settings.nerveLasts === 'stretch'
          ? state
          : { ...state, combatants: state.combatants.map((c) => ({ ...c, marks: c.marks.filter((m) => m !== 'morale-immune') })) },
        { factionSize: grownFactionSize(state, {}), shaken: [], moraleDue: [] },
      );
    case 'combatant-added':
    case 'faction-changed':
      return state.status === 'running' ? withZonesFight(state, { factionSize: grownFactionSize(state, zonesFight(state).factionSize) }) : state;
    case 'phase-started':
      return zonesFight(state).moraleDue.length > 0 ? withZonesFight(state, { moraleDue: [] }) : state;
    default:
      return state;
  }
}
