import type { RandomSource } from '../dice/random';
import { checkSheet, rulingMark } from './sheet-check';
import { failure, type Result } from '../result';
import type { Ruleset } from '../core/ruleset';
import { startingPlace } from '../space/decide';
import { checkFaction, checkInteger, checkName, isFailure, nextId, NOTES_MAX } from '../core/checks';
import type { Command } from '../core/commands';
import { checkMarks, checkTraits } from './decide-field';
import { checkResources, checkTemplateId } from './resources';
import type { EncounterEvent } from '../core/events';
import { broughtTimer, checkKeptConditions, currentTracks } from '../core/aftermath';
import type { Combatant, Condition, EncounterState, Track } from '../core/state';

type SetupCommand = Extract<Command, { type: 'add-faction' | 'add-combatant' }>;

const COLOUR = /^#[0-9a-fA-F]{6}$/;
export const MAX_QUANTITY = 50;
// The turn order draws only the rows in view (issue 43), so a step costs about the same at this size as at a hundred.
export const MAX_COMBATANTS = 1_000;

function addFaction(state: EncounterState, cmd: Extract<Command, { type: 'add-faction' }>): Result<EncounterEvent[]> {
  const name = checkName(cmd.name, 'faction');
  if (isFailure(name)) return name;
  if (typeof cmd.colour !== 'string' || !COLOUR.test(cmd.colour)) {
    return failure('input/colour', 'Pick the faction colour as #rrggbb, for example #d94f4f.');
  }
  if (state.factions.some((f) => f.name.toLowerCase() === name.toLowerCase())) {
    return failure('faction/duplicate', `There is already a faction called ${name}.`);
  }
  return { ok: true, value: [{ type: 'faction-added', faction: { id: nextId(state, 'f'), name, colour: cmd.colour } }] };
}

// `what` names the kind of number in the refusal, so an unknown track isn't reported as a stat
// (and gets the same code as Set track uses for it).
function checkedNumbers(
  given: Record<string, number> | undefined,
  definitions: readonly { key: string; label: string; min: number; max: number; default: number }[],
  what: 'stat' | 'track',
): Record<string, number> | ReturnType<typeof failure> {
  const out: Record<string, number> = {};
  for (const key of Object.keys(given ?? {})) {
    if (!definitions.some((d) => d.key === key)) return failure(`input/unknown-${what}`, `This ruleset has no ${what} called "${key}".`);
  }
  for (const d of definitions) {
    const value = checkInteger(given?.[d.key] ?? d.default, d.label, d.min, d.max);
    if (isFailure(value)) return value;
    out[d.key] = value;
  }
  return out;
}

// "Goblin ×4" when Goblin 1 and Goblin 2 already stand becomes Goblin 3 to Goblin 6.
function numberedNames(state: EncounterState, base: string, quantity: number): string[] {
  if (quantity === 1) return [base];
  const pattern = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (\\d+)$`);
  const highest = state.combatants.reduce((max, c) => Math.max(max, Number(pattern.exec(c.name)?.[1] ?? 0)), 0);
  return Array.from({ length: quantity }, (_, i) => `${base} ${highest + i + 1}`);
}

function addCombatants(
  state: EncounterState,
  cmd: Extract<Command, { type: 'add-combatant' }>,
  ruleset: Ruleset,
  random: () => RandomSource,
): Result<EncounterEvent[]> {
  const name = checkName(cmd.name, 'combatant');
  if (isFailure(name)) return name;
  const faction = checkFaction(state, cmd.factionId);
  if (isFailure(faction)) return faction;
  const quantity = checkInteger(cmd.quantity ?? 1, 'Quantity', 1, MAX_QUANTITY);
  if (isFailure(quantity)) return quantity;
  if (state.combatants.length + quantity > MAX_COMBATANTS) {
    return failure('combatant/too-many', `An encounter holds at most ${MAX_COMBATANTS} combatants.`);
  }
  const stats = checkedNumbers(cmd.stats, ruleset.character.stats, 'stat');
  if (isFailure(stats)) return stats;
  const maxima = checkedNumbers(cmd.tracks, ruleset.character.tracks, 'track');
  if (isFailure(maxima)) return maxima;
  const notes = typeof cmd.notes === 'string' ? cmd.notes.slice(0, NOTES_MAX) : '';
  const place = startingPlace(state, ruleset, cmd);
  if (!place.ok) return place;
  const own = ruleset.own?.slice?.newCombatant;
  if (cmd.rules !== undefined && !own) {
    return failure('combatant/rules', `${ruleset.name} keeps nothing of its own on a character; leave out "rules".`);
  }
  const partIds = own ? own.freshIds(cmd.rules) : 0;
  const marks = checkMarks(cmd.marks, ruleset);
  if (isFailure(marks)) return marks;
  const traits = checkTraits(cmd.traits, ruleset);
  if (isFailure(traits)) return traits;
  const templateId = checkTemplateId(cmd.templateId);
  if (isFailure(templateId)) return templateId;
  // Checked once up front, so a bad ability is refused before any copy is made.
  const resourceCheck = checkResources(state, cmd.resources, 0);
  if (isFailure(resourceCheck)) return resourceCheck;
  const resourceCount = resourceCheck.length;
  const tracks = currentTracks(Object.fromEntries(Object.entries(maxima).map(([k, max]): [string, Track] => [k, { value: max, max }])), cmd.current);
  if (isFailure(tracks)) return tracks;
  const brought = checkKeptConditions(ruleset, cmd.conditions);
  if (isFailure(brought)) return brought;

  // Joining a running fight rolls initiative at once; the random source carries over between copies.
  const source = state.status === 'running' && ruleset.turn.order.kind === 'order' ? random() : null;
  let current = state;
  const events: EncounterEvent[] = [];
  for (const [i, copyName] of numberedNames(state, name, quantity).entries()) {
    // Combatant ids come first, then each copy's ids for the ruleset's part (its gear) after all
    // of them, then each copy's resource ids after all of those.
    const part = own ? own.part(state, cmd.rules, (letter, n) => nextId(state, letter, quantity + i * partIds + n), traits) : null;
    if (part && !part.ok) return part;
    const resources = checkResources(state, cmd.resources, quantity + quantity * partIds + i * resourceCount);
    if (isFailure(resources)) return resources;
    // The conditions they bring go on as they were kept: until the scene ends, or until someone
    // recovers them. Their ids come after every resource's.
    const conditionsFrom = quantity + quantity * partIds + quantity * resourceCount + i * brought.length;
    const conditions = brought.map(({ lasts, ...k }, n): Condition => ({ id: nextId(state, 'k', conditionsFrom + n), ...k, timer: broughtTimer(lasts) }));
    const combatant: Combatant = {
      id: nextId(state, 'c', i),
      name: copyName,
      factionId: faction.id,
      stats,
      tracks,
      conditions,
      notes,
      concealed: cmd.concealed === true,
      initiative: null,
      ...place.value,
      marks,
      ...(traits.length > 0 ? { traits } : {}),
      resources,
      templateId,
      ...(part ? { rules: part.value } : ruleset.own?.slice?.combatant !== undefined ? { rules: ruleset.own?.slice.combatant } : {}),
    };
    // The copies share one sheet, so the first one's answer is every copy's.
    const sheet = checkSheet(ruleset, current, combatant, null, cmd.gmRuling);
    if (isFailure(sheet)) return sheet;
    // Only a fixed order has a place to fit a latecomer into; factions that alternate just gain one.
    const placed = source && ruleset.turn.order.kind === 'order'
      ? ruleset.turn.order.join(current, combatant, source)
      : { initiative: null, order: current.order };
    const joined = { ...combatant, initiative: placed.initiative?.total ?? null };
    events.push({ type: 'combatant-added', combatant: joined, order: placed.order, initiative: placed.initiative, rng: source ? source.state() : null, ...rulingMark(sheet) });
    current = { ...current, combatants: [...current.combatants, joined], order: placed.order };
  }
  return { ok: true, value: events };
}

export function decideSetup(
  state: EncounterState,
  cmd: SetupCommand,
  ruleset: Ruleset,
  random: () => RandomSource,
): Result<EncounterEvent[]> {
  return cmd.type === 'add-faction' ? addFaction(state, cmd) : addCombatants(state, cmd, ruleset, random);
}

