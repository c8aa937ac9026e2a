import type { RandomState } from '../../dice/random';
import { manualRoll, rollNotation, type Roll } from '../../dice/roll';
import { rollOrdinaryTest, type OrdinaryTest, type TestLuck } from './ordinary-test';
import type { EncounterEvent } from '../../core/events';
import { findPrompt, withoutPrompt, withPrompt } from '../../core/prompt-stack';
import type { PromptKind } from '../../core/prompt-kind';
import type { Combatant, EncounterState, Id, Prompt, Track } from '../../core/state';
import { isRecord } from '../../json';
import { failure } from '../../result';
import { damageTypeOf, reductionFor, type DamageType, type Item, type Reduction } from './gear';
import { damaged, isUnconscious } from './health';
import { markedOut } from '../../core/health';
import { GUARDING, isUnder } from './conditions';
import { PLAIN_TEST } from './own-tests';
import { heldGear } from './hands';
import { personOf, withPerson } from './person';
import { hasReaction, staminaOf, whyNoReaction } from './reactions';
import { threeActionsSettings } from './settings';

// A blow that hit, and what follows from it: the target may defend (`defend.ts`: block, parry,
// dodge, an ally stepping in) before the damage lands; the damage wears endurance, then health; losing health past
// constitution asks them to fortify (a reaction, 1 stamina, a test against the missing health) or
// fall unconscious; at 0 health they are unconscious, and damage beyond what was left risks death
// (a luck test against their death difficulty, 5 higher for good each time death is cheated).

export const DEFEND = 'three-actions/defend';
export const FORTIFY = 'three-actions/fortify';
export const DEATH = 'three-actions/death';

/** A blow waiting for the target's defence. */
export interface PendingBlow {
  attackerId: Id;
  targetId: Id;
  weapon: string;
  /** Damage before any reduction. */
  raw: number;
  /** The target's deflection against it (after the size difference); 0 for typeless damage. */
  deflection: number;
  damageType: DamageType;
  /** Which deflection that is (absent in blows struck before there were two: the damage type's kind). */
  reduction?: Reduction;
  /** The attack test's result, which a dodge must reach (absent in blows saved before dodging was asked). */
  result?: number;
  /** The defender stepped in (intercepted): their defence is a free reaction, paid in stamina only. */
  free?: boolean;
  /** From a non-lethal weapon: brought to 0 health by it, no death test yet. */
  nonLethal?: boolean;
}

/** The blow a defence prompt waits on, whatever the log holds. */
export function blowOf(prompt: Prompt): PendingBlow | null {
  const d = prompt.data;
  if (!isRecord(d) || typeof d.attackerId !== 'string' || typeof d.targetId !== 'string' || typeof d.raw !== 'number' || typeof d.deflection !== 'number') return null;
  return {
    attackerId: d.attackerId,
    targetId: d.targetId,
    weapon: String(d.weapon ?? ''),
    raw: d.raw,
    deflection: d.deflection,
    damageType: damageTypeOf(d.damageType),
    ...(d.reduction === 'physical' || d.reduction === 'elemental' || d.reduction === 'none' ? { reduction: d.reduction } : {}),
    ...(typeof d.result === 'number' ? { result: d.result } : {}),
    ...(d.free === true ? { free: true } : {}),
    ...(d.nonLethal === true ? { nonLethal: true } : {}),
  };
}

/** The items the target could defend with: a blocker (block above 0) or anything to parry with, in hand ("a wielded item") and not broken. */
export function defencesOf(c: Combatant): { block: Item[]; parry: Item[] } {
  const items = heldGear(c).filter((g): g is Item => g.kind === 'item' && g.durability > 0);
  return { block: items.filter((i) => i.block > 0), parry: items };
}

/** How a blow lands with a defence: on the wearer, and on the item blocking or parrying. */
export interface Landing {
  defence: 'none' | 'block' | 'parry';
  itemId: Id | null;
  /** The item's durability after it (null: no item used). */
  itemDurability: number | null;
  /** Damage the wearer takes. */
  damage: number;
  /** The wearer's deflection the blow met (a parry's share included), and which one (absent on a block, and in blows landed before there were two). */
  deflected?: number;
  reduction?: Reduction;
}

/** The deflection a blow meets: as recorded, or, for a blow struck before it was, its damage type's kind. */
export const reductionOf = (blow: Pick<PendingBlow, 'damageType' | 'reduction'>): Reduction => blow.reduction ?? reductionFor(blow.damageType);

/** Works out a blow's landing: no defence, a block (its value instead of deflection; the rest hits the item, what the item can't hold the wearer), or a parry (its value or 1 added to physical deflection; the item loses 1). */
export function landing(blow: PendingBlow, defence: 'none' | 'block' | 'parry', item: Item | null, excessReduced: boolean): Landing {
  const reduction = reductionOf(blow);
  const through = (deflected: number) => ({ damage: Math.max(1, blow.raw - deflected), deflected, reduction });
  if (defence === 'none' || !item) return { defence: 'none', itemId: null, itemDurability: null, ...through(blow.deflection) };
  if (defence === 'parry') {
    // A parry adds to physical deflection only: elemental and typeless damage pass it by, though the item still takes its 1.
    const parried = reduction !== 'physical' ? 0 : item.parry > 0 ? item.parry : 1;
    return { defence, itemId: item.id, itemDurability: Math.max(0, item.durability - 1), ...through(blow.deflection + parried) };
  }
  const onItem = Math.max(1, blow.raw - item.block);
  const excess = Math.max(0, onItem - item.durability);
  const wearer = excess === 0 ? 0 : excessReduced ? Math.max(1, excess - blow.deflection) : excess;
  return { defence, itemId: item.id, itemDurability: Math.max(0, item.durability - onItem), damage: wearer };
}

/** The blow lands: the defence chosen, the tracks after it, and what it costs the defender. */
export type BlowLandedEvent = {
  type: 'three-actions/blow-landed';
  attackerId: Id;
  targetId: Id;
  weapon: string;
  landing: Landing;
  tracks: Record<string, Track>;
};

/** Asked after damage: fortify or fall unconscious. */
export type FortifyAskedEvent = {
  type: 'three-actions/fortify-asked';
  combatantId: Id;
  difficulty: number;
};

/** Asked after damage beyond what health was left: the luck test to cheat death. */
export type DeathAskedEvent = {
  type: 'three-actions/death-asked';
  combatantId: Id;
};

/** The fortify test, or falling unconscious instead. */
export type FortifiedEvent = {
  type: 'three-actions/fortified';
  combatantId: Id;
  difficulty: number;
  /** Null: they let themselves fall (or had nothing to fortify with). */
  roll: Roll | null;
  /** The luck die beside the test (absent in older logs): +4 at the setting's threshold. */
  luck?: TestLuck;
  success: boolean;
  tracks: Record<string, Track> | null;
  rng: RandomState | null;
};

/** The luck test against death. */
export type DeathTestedEvent = {
  type: 'three-actions/death-tested';
  combatantId: Id;
  difficulty: number;
  roll: Roll;
  cheated: boolean;
  rng: RandomState;
};

/**
 * What follows from damage that landed on `before` (the character as they were), given the tracks
 * after it: unconscious at 0 health, with a death test when the damage went beyond what was left
 * (not from a non-lethal weapon, unless they were at 0 already); fortify (or fall) when health was
 * lost past constitution.
 */
export function afterDamage(state: EncounterState, before: Combatant, tracks: Record<string, Track>, damage: number, reactionLeft = hasReaction(state, before), nonLethal = false): EncounterEvent[] {
  if (markedOut(before)) return [];
  const healthBefore = before.tracks.health?.value ?? 0;
  const health = tracks.health ?? { value: 0, max: 0 };
  const enduranceBefore = before.tracks.endurance?.value ?? 0;
  // Past endurance, the damage reaches health: beyond what was left of it (already at 0, any) risks death.
  const onHealth = damage - enduranceBefore;
  const risksDeath = onHealth > healthBefore && (!nonLethal || healthBefore <= 0);
  if (health.value <= 0) return risksDeath ? [{ type: 'three-actions/death-asked', combatantId: before.id } satisfies DeathAskedEvent] : [];
  const missing = health.max - health.value;
  // Already unconscious (they chose to fall, or failed to stay up): nothing to fortify against.
  if (health.value < healthBefore && missing > (before.stats.constitution ?? 0) && !isUnconscious(before)) {
    if (reactionLeft && staminaOf({ ...before, tracks }) >= 1) return [{ type: 'three-actions/fortify-asked', combatantId: before.id, difficulty: missing } satisfies FortifyAskedEvent];
    return [{ type: 'mark-set', combatantId: before.id, mark: 'unconscious', on: true }];
  }
  return [];
}

/**
 * The events of a blow landing with a defence chosen, and what follows. `standing` is the target
 * as they are when it lands (after paying for a failed dodge); `reactionSpent`, they have just used
 * their reaction on something else (the dodge), so none is left to fortify with.
 */
export function blowLands(state: EncounterState, blow: PendingBlow, defence: 'none' | 'block' | 'parry', item: Item | null, standing?: Combatant, reactionSpent = false): EncounterEvent[] {
  const target = standing ?? state.combatants.find((c) => c.id === blow.targetId);
  if (!target) return [];
  const landed = landing(blow, defence, item, threeActionsSettings(state.settings).blockExcessReduced);
  const tracks = landed.damage > 0 ? damaged(target, landed.damage) : target.tracks;
  // An interceptor's defence is a free reaction: stamina only.
  const spent = landed.defence === 'none' || blow.free === true ? [] : [
    { type: 'action-used', combatantId: target.id, actionId: landed.defence, spends: 'reaction', note: `with ${item?.name ?? 'an item'}` } as EncounterEvent,
  ];
  // A defence costs 1 stamina too.
  const paid = landed.defence === 'none' ? tracks : { ...tracks, stamina: { ...(tracks.stamina ?? { value: 0, max: 0 }), value: Math.max(0, staminaOf(target) - 1) } };
  const event: BlowLandedEvent = { type: 'three-actions/blow-landed', attackerId: blow.attackerId, targetId: target.id, weapon: blow.weapon, landing: landed, tracks: paid };
  // A block or a parry spent the reaction that fortifying would need.
  return [...spent, event, ...afterDamage(state, target, paid, landed.damage, landed.defence === 'none' && !reactionSpent && hasReaction(state, target), blow.nonLethal === true)];
}

/** A prompt's id: its kind, for one character. */
export const promptOf = (kind: string, id: Id) => `${kind}:${id}`;

// The test a fortify rolls unless the GM types another: the character's own, else two d6.
function fortifyTest(state: EncounterState, prompt: Prompt): string {
  const id = (prompt.data as { combatantId?: Id } | undefined)?.combatantId;
  const c = state.combatants.find((x) => x.id === id);
  return (c && personOf(c).tests.fortify) ?? PLAIN_TEST;
}

export const FORTIFY_PROMPT: PromptKind = {
  code: 'three-actions/fortify-first',
  message(state, prompt) {
    const d = prompt.data as { combatantId?: Id; difficulty?: number } | undefined;
    const name = state.combatants.find((c) => c.id === d?.combatantId)?.name ?? 'Someone';
    return `${name} has lost more health than their constitution: fortify against ${d?.difficulty ?? '?'} (a reaction, 1 stamina) or fall unconscious first.`;
  },
  subjects: (_state, prompt) => {
    const id = (prompt.data as { combatantId?: Id } | undefined)?.combatantId;
    return id ? [{ id, role: 'rolls to stay up' }] : [];
  },
  answer(state, prompt, answer, random) {
    const d = prompt.data as { combatantId: Id; difficulty: number };
    const c = state.combatants.find((x) => x.id === d.combatantId);
    if (!c) return failure('prompt/none', 'Nobody is waiting to fortify.');
    const asked = isRecord(answer) ? answer : { fortify: answer === 'fortify' };
    if (asked.fortify !== true) return { ok: true, value: [fortified(c, d.difficulty, null, null)] };
    const lacking = whyNoReaction(state, c);
    if (lacking) return failure('three-actions/no-reaction', `${c.name} can't fortify (${lacking}); answer that they fall unconscious.`);
    // Guarding: +1 to defence tests until their next turn.
    // The test typed, else their own (from their sheet), else two d6.
    const typedTest = typeof asked.test === 'string' && asked.test.trim() ? asked.test.trim() : (personOf(c).tests.fortify ?? PLAIN_TEST);
    const notation = isUnder(c, GUARDING) ? `${typedTest}+1` : typedTest;
    const source = random();
    const rolled = rollOrdinaryTest(state, notation, source, asked.dice, asked.luck);
    if (!rolled.ok) return rolled;
    return {
      ok: true,
      value: [
        { type: 'action-used', combatantId: c.id, actionId: 'fortify', spends: 'reaction', note: 'to stay conscious' } as EncounterEvent,
        fortified(c, d.difficulty, rolled.value, source.state()),
      ],
    };
  },
  callOff: (state, prompt) => {
    const d = prompt.data as { combatantId: Id; difficulty: number };
    const c = state.combatants.find((x) => x.id === d.combatantId);
    return c ? [fortified(c, d.difficulty, null, null)] : [];
  },
  choices: (state, prompt) => [
    { label: `Fortify (roll ${fortifyTest(state, prompt)})`, answer: { fortify: true } },
    { label: 'Fall unconscious', answer: { fortify: false } },
  ],
};

function fortified(c: Combatant, difficulty: number, test: OrdinaryTest | null, rng: RandomState | null): EncounterEvent {
  const success = test !== null && test.total >= difficulty;
  const tracks = test ? { ...c.tracks, stamina: { ...(c.tracks.stamina ?? { value: 0, max: 0 }), value: Math.max(0, staminaOf(c) - 1) } } : null;
  const event: FortifiedEvent = { type: 'three-actions/fortified', combatantId: c.id, difficulty, roll: test?.roll ?? null, ...(test ? { luck: test.luck } : {}), success, tracks, rng };
  return event;
}

export const DEATH_PROMPT: PromptKind = {
  code: 'three-actions/death-first',
  message(state, prompt) {
    const id = (prompt.data as { combatantId?: Id } | undefined)?.combatantId;
    const c = state.combatants.find((x) => x.id === id);
    return `${c?.name ?? 'Someone'} took more damage than they had health left: roll their luck test against death (${c?.stats.deathDifficulty ?? 10}) first.`;
  },
  subjects: (_state, prompt) => {
    const id = (prompt.data as { combatantId?: Id } | undefined)?.combatantId;
    return id ? [{ id, role: 'rolls against death' }] : [];
  },
  answer(state, prompt, answer, random) {
    const id = (prompt.data as { combatantId: Id }).combatantId;
    const c = state.combatants.find((x) => x.id === id);
    if (!c) return failure('prompt/none', 'Nobody is waiting for a death test.');
    const source = random();
    const die = threeActionsSettings(state.settings).luckDie;
    const typed = isRecord(answer) && typeof answer.luck === 'number' ? [answer.luck] : undefined;
    const rolled = typed ? manualRoll(die, typed) : rollNotation(die, source);
    if (!rolled.ok) return rolled;
    const difficulty = c.stats.deathDifficulty ?? 10;
    const cheated = rolled.value.total >= difficulty;
    const event: DeathTestedEvent = { type: 'three-actions/death-tested', combatantId: c.id, difficulty, roll: rolled.value, cheated, rng: source.state() };
    return { ok: true, value: [event] };
  },
  // Called off, the GM settles it by hand: nothing changes.
  callOff: (_state, prompt) => {
    const event: DeathSkippedEvent = { type: 'three-actions/death-skipped', combatantId: (prompt.data as { combatantId: Id }).combatantId };
    return [event];
  },
  choices: () => [{ label: 'Roll the luck test', answer: 'roll' }],
};

/** The GM settles the death test by hand (calls it off): nothing changes but the question closing. */
export type DeathSkippedEvent = {
  type: 'three-actions/death-skipped';
  combatantId: Id;
};

/** State changes of the chain's events. */
export function applyBlowLanded(state: EncounterState, e: BlowLandedEvent): EncounterState {
  const closed = withoutPrompt(state, promptOf(DEFEND, e.targetId));
  const struck = { ...closed, combatants: closed.combatants.map((c) => (c.id === e.targetId ? { ...c, tracks: e.tracks } : c)) };
  const itemId = e.landing.itemId;
  const durability = e.landing.itemDurability;
  if (itemId === null || durability === null) return struck;
  return withPerson(struck, e.targetId, (p) => ({ ...p, gear: p.gear.map((g) => (g.id === itemId && g.kind === 'item' ? { ...g, durability } : g)) }));
}

export const openDefence = (state: EncounterState, blow: PendingBlow): EncounterState => withPrompt(state, { id: promptOf(DEFEND, blow.targetId), kind: DEFEND, involves: [blow.targetId, blow.attackerId], data: { ...blow } });
export const openFortify = (state: EncounterState, e: FortifyAskedEvent): EncounterState => withPrompt(state, { id: promptOf(FORTIFY, e.combatantId), kind: FORTIFY, involves: [e.combatantId], data: { combatantId: e.combatantId, difficulty: e.difficulty } });
export const openDeath = (state: EncounterState, e: DeathAskedEvent): EncounterState => withPrompt(state, { id: promptOf(DEATH, e.combatantId), kind: DEATH, involves: [e.combatantId], data: { combatantId: e.combatantId } });

export function applyFortified(state: EncounterState, e: FortifiedEvent): EncounterState {
  const closed = withoutPrompt({ ...state, rng: e.rng ?? state.rng }, promptOf(FORTIFY, e.combatantId));
  return {
    ...closed,
    combatants: closed.combatants.map((c) => {
      if (c.id !== e.combatantId) return c;
      const tracks = e.tracks ?? c.tracks;
      return e.success ? { ...c, tracks } : { ...c, tracks, marks: c.marks.includes('unconscious') ? c.marks : [...c.marks, 'unconscious'] };
    }),
  };
}

export function applyDeathTested(state: EncounterState, e: DeathTestedEvent): EncounterState {
  const closed = withoutPrompt({ ...state, rng: e.rng }, promptOf(DEATH, e.combatantId));
  return {
    ...closed,
    combatants: closed.combatants.map((c) => {
      if (c.id !== e.combatantId) return c;
      // Cheating death makes it harder next time, for good (a lasting stat, kept on the party sheet).
      return e.cheated ? { ...c, stats: { ...c.stats, deathDifficulty: e.difficulty + 5 } } : { ...c, marks: c.marks.includes('dead') ? c.marks : [...c.marks, 'dead'] };
    }),
  };
}

export const closeDeath = (state: EncounterState, id: Id): EncounterState => (findPrompt(state, promptOf(DEATH, id)) ? withoutPrompt(state, promptOf(DEATH, id)) : state);
