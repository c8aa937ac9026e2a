import type { Ruleset } from '../../core/ruleset';
import { EventChain } from '../../encounter/chain';
import { isFailure } from '../../core/checks';
import type { EncounterEvent } from '../../core/events';
import type { PromptChoice, PromptKind, PromptSubject } from '../../core/prompt-kind';
import type { EncounterState, Prompt } from '../../core/state';
import { isRecord } from '../../json';
import { failure, type Result } from '../../result';
import { answerers, pastTheScreen, rollAttack, waitsForAnswers } from './attack';
import { blowOutlook, landBlow, type PendingBlow } from './blow';
import { UNARMED, type Weapon } from './gear';
import { personOf } from './person';
import { planAttack, weaponFor, type AttackAsked } from './plan';
import { fightOf } from './fight';
import { fighting, spendAction } from './spend';
import { randomFrom, type RandomSource } from '../../dice/random';

// The question between an attack roll and its damage: let it land; the target takes total
// defence (+2 AC and no Shock, even a swarm's), which may turn the hit into a miss; someone
// holding an action acts on it, resolving first; or someone with their Main unspent snap-attacks
// the attacker. Their blow comes to nothing if that drops them. Each answer leaves the question
// open while anyone could still answer; then it lands.

// A prompt's data is untyped JSON; this one's was the `waiting` of a `sides/attacked` event, held to
// its schema as the event was written or read, so naming both sides is enough to know it.
const isBlow = (data: unknown): data is PendingBlow => isRecord(data) && typeof data.attackerId === 'string' && typeof data.targetId === 'string';

/** The blow a prompt holds. */
export const blowOf = (prompt: Prompt): PendingBlow | null => (isBlow(prompt.data) ? prompt.data : null);

// After an answer: the blow lands if nobody could answer it any more (or its attacker fell); else it waits on.
function afterAnswer(chain: EventChain, blow: PendingBlow, source: RandomSource): Result<EncounterEvent[]> {
  const attacker = chain.state.combatants.find((c) => c.id === blow.attackerId);
  if (attacker && fighting(attacker) && waitsForAnswers(chain.state, blow)) return { ok: true, value: chain.events };
  const landed = landBlow(chain.state, blow, source);
  if (!landed.ok) return landed;
  return { ok: true, value: chain.push(...landed.value).events };
}

function totalDefence(state: EncounterState, blow: PendingBlow, source: RandomSource, ruleset: Ruleset): Result<EncounterEvent[]> {
  const target = state.combatants.find((c) => c.id === blow.targetId);
  if (!target || !answerers(state, blow).totalDefence) return failure('sides/total-defence', `${target?.name ?? 'The target'} can't take total defence now: it gives up a Main action they no longer have (or they already took it).`);
  const spent = spendAction(state, target, 'total-defence', 'instant-main', 'after the attack roll', ruleset, true);
  if (!spent.ok) return spent;
  return afterAnswer(new EventChain(state, ruleset).push(...spent.value), blow, source);
}

// The weapons `by` can strike the attacker with, answering the blow, without anything to rule:
// their own weapons in the order carried (a stowed or dropped one, or a bow in melee, is refused),
// bare hands when none of them can.
function strikingWeapons(state: EncounterState, blow: PendingBlow, byId: string, held: boolean): Weapon[] {
  const by = state.combatants.find((c) => c.id === byId);
  if (!by) return [];
  const strikes = (w: Weapon) => {
    const plan = planAttack(state, { attackerId: byId, targetId: blow.attackerId, weaponId: w.id, way: held ? 'attack' : 'snap' }, fightOf(state).swarms);
    return !isFailure(plan) && plan.objection === null;
  };
  const own = personOf(by).gear.filter(strikes);
  const bare = weaponFor(state, by, UNARMED);
  return own.length > 0 || !bare ? own : [bare];
}

// A snap attack (−4, the Main given up) or an attack on a held action (the Main), at the attacker,
// resolved before their blow lands; with no weapon named, the first that strikes without objection.
function strikeFirst(state: EncounterState, blow: PendingBlow, asked: Record<string, unknown>, source: RandomSource, held: boolean, ruleset: Ruleset): Result<EncounterEvent[]> {
  const who = held ? answerers(state, blow).holders : answerers(state, blow).snappers;
  const by = who.find((c) => c.id === asked.by);
  if (!by) return failure('sides/snap', held ? 'Only someone of another side holding an action, their Main unspent, can act on it now.' : 'Only someone of another side with their Main action unspent (the party, or a trained NPC) can snap-attack now.');
  const weaponId = typeof asked.weaponId === 'string' ? asked.weaponId : (strikingWeapons(state, blow, by.id, held)[0]?.id ?? UNARMED);
  const attribute = asked.attribute === 'str' || asked.attribute === 'dex' ? asked.attribute : undefined;
  const attack: AttackAsked = { attackerId: by.id, targetId: blow.attackerId, weaponId, attribute, way: held ? 'attack' : 'snap' };
  const plan = planAttack(state, attack, fightOf(state).swarms);
  if (isFailure(plan)) return plan;
  if (plan.objection && asked.gmRuling !== true) return plan.objection;
  const action = held ? (plan.weapon.use === 'melee' ? 'melee' : 'ranged') : 'snap';
  const paid = spendAction(state, by, action, held ? 'main' : 'instant-main', `at ${plan.target.name}, before their blow lands${held ? ' (a held action)' : ''}`, ruleset, true);
  if (!paid.ok) return paid;
  // The snap attack resolves at once: nobody answers an answer.
  const typed = isRecord(asked.dice) ? asked.dice : {};
  const dice = { ...(typeof typed.attack === 'number' ? { attack: typed.attack } : {}), ...(Array.isArray(typed.damage) ? { damage: typed.damage.filter((d): d is number => typeof d === 'number') } : {}) };
  // An attacker screened by an ally: the screen meets this attack too.
  const aimed = pastTheScreen(new EventChain(state, ruleset).push(...paid.value).state, plan, attack, source, asked.unscreened === true);
  if (!aimed.ok) return aimed;
  const struck = rollAttack(state, aimed.value.plan, [...paid.value, ...aimed.value.events], source, dice, plan.objection !== null, ruleset, true);
  if (!struck.ok) return struck;
  return afterAnswer(new EventChain(state, ruleset).push(...struck.value), blow, source);
}

export const BLOW_PROMPT: PromptKind = {
  code: 'sides/blow-waiting',
  message(state, prompt) {
    const blow = blowOf(prompt);
    if (!blow) return 'A blow is waiting to land.';
    const o = blowOutlook(state, blow);
    const target = o.target?.name ?? 'the target';
    const what = o.hit ? `hits ${target} (${blow.total} against AC ${o.ac})` : `misses ${target} (${blow.total} against AC ${o.ac}) but its Shock deals ${o.shock}`;
    return `${o.attacker?.name ?? 'The attacker'}'s ${blow.weapon.name} ${what}: let it land, or answer first.`;
  },
  answer(state, prompt, answer, random, ruleset) {
    const blow = blowOf(prompt);
    if (!blow) return failure('prompt/none', 'No blow is waiting.');
    const asked = isRecord(answer) ? answer : { respond: answer };
    if (asked.respond === 'land') return landBlow(state, blow, random(), Array.isArray(asked.damage) ? asked.damage.filter((d): d is number => typeof d === 'number') : undefined);
    if (asked.respond === 'total-defence') return totalDefence(state, blow, random(), ruleset);
    if (asked.respond === 'snap') return strikeFirst(state, blow, asked, random(), false, ruleset);
    if (asked.respond === 'held') return strikeFirst(state, blow, asked, random(), true, ruleset);
    return failure('sides/answer', 'Answer land, total-defence, held or snap (with who acts: by).');
  },
  callOff: (state, prompt) => {
    const blow = blowOf(prompt);
    if (!blow) return [];
    // Called off, the blow lands as it stands, its die rolled from the fight's own source.
    const landed = landBlow(state, blow, randomFrom(state.rng));
    return landed.ok ? landed.value : [];
  },
  choices(state, prompt) {
    const blow = blowOf(prompt);
    if (!blow) return [];
    const { totalDefence: td, holders, snappers } = answerers(state, blow);
    const attacker = state.combatants.find((c) => c.id === blow.attackerId);
    const target = state.combatants.find((c) => c.id === blow.targetId);
    const choices: PromptChoice[] = [{ label: 'Let it land', answer: { respond: 'land' } }];
    if (td) choices.push({ label: `${target?.name ?? 'Target'}: total defence (+2 AC, no Shock)`, answer: { respond: 'total-defence' } });
    // One choice for each weapon that can strike the attacker (bare hands when none can).
    const foe = attacker?.name ?? 'the attacker';
    for (const c of holders) for (const w of strikingWeapons(state, blow, c.id, true)) choices.push({ label: `${c.name} acts first on a held action (attacks ${foe} with ${w.name})`, answer: { respond: 'held', by: c.id, weaponId: w.id } });
    for (const c of snappers) for (const w of strikingWeapons(state, blow, c.id, false)) choices.push({ label: `${c.name} snap-attacks ${foe} with ${w.name} (−4)`, answer: { respond: 'snap', by: c.id, weaponId: w.id } });
    return choices;
  },
  // The target first: struck, and may take total defence; then whoever may strike the attacker first.
  subjects(state, prompt) {
    const blow = blowOf(prompt);
    if (!blow) return [];
    const { totalDefence: td, holders, snappers } = answerers(state, blow);
    return [
      { id: blow.attackerId, role: 'strikes' },
      { id: blow.targetId, role: td ? 'struck, may defend' : 'struck' },
      ...holders.map((c): PromptSubject => ({ id: c.id, role: 'may act first' })),
      ...snappers.map((c): PromptSubject => ({ id: c.id, role: 'may snap-attack' })),
    ];
  },
};
