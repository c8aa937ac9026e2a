import type { AttackWay, Bonus, HitVerdict, Weapon } from '../../../../engine/rulesets/sides/index';

// How the attack form words what it shows: the ways an attack is made, numbers with their sign,
// and a weapon's Shock as the text writes it ("2/AC 15", or "2/-" against any AC).

/** The ways the form offers (an attack of opportunity comes only when someone provokes it); what each adds to the roll, the engine's plan shows. */
export const WAYS: readonly { id: Exclude<AttackWay, 'opportunity'>; label: string }[] = [
  { id: 'attack', label: 'A plain attack' },
  { id: 'swarm', label: 'The swarm’s strike' },
  { id: 'charge', label: 'A charge (takes the Move too)' },
  { id: 'snap', label: 'A snap attack (Instant)' },
];

/** A number with its sign: +2, −4, +0. */
export const signed = (n: number): string => (n < 0 ? `−${-n}` : `+${n}`);

/** A weapon's Shock in the text's notation. */
export const shockWords = (w: Pick<Weapon, 'shock' | 'shockAc' | 'shockAnyAc'>): string => (w.shockAnyAc ? `${w.shock}/-` : `${w.shock}/AC ${w.shockAc}`);

/** A bonus the engine planned, its parts named: "+1 (STR +1, Brawl +2, Much larger target −2)"; one part alone, just the number. */
export const bonusWords = (b: Bonus): string => (b.parts.length < 2 ? signed(b.total) : `${signed(b.total)} (${b.parts.map((p) => `${p.label} ${signed(p.amount)}`).join(', ')})`);

/** The engine's verdict on an attack roll, in words. */
export const verdictWords = (v: HitVerdict): string => (v.kind === 'always' ? 'any roll hits' : v.kind === 'never' ? 'no roll hits' : `needs ${v.needs} on the d20`);
