// The chance one side of an opposed check wins: each rolls the same dice and adds its own bonus;
// the higher total wins, and a tie is rolled again (so the odds are of the rolls that settle it).

/** How often each total of `count` dice of `sides` comes up, by total. */
function distribution(count: number, sides: number): Map<number, number> {
  let totals = new Map<number, number>([[0, 1]]);
  for (let i = 0; i < count; i++) {
    const next = new Map<number, number>();
    for (const [total, ways] of totals) for (let face = 1; face <= sides; face++) next.set(total + face, (next.get(total + face) ?? 0) + ways);
    totals = next;
  }
  return totals;
}

/** Parses "2d6" or "1d20" (the settings' dice); null for anything else. */
function diceOf(notation: string): { count: number; sides: number } | null {
  const m = /^(\d{1,2})d(\d{1,3})$/.exec(notation.trim());
  if (!m) return null;
  const count = Number(m[1]);
  const sides = Number(m[2]);
  return count >= 1 && sides >= 2 ? { count, sides } : null;
}

/** The chance, 0 to 1, that the side adding `bonus` beats the side adding `against`, ties rolled again. */
export function opposedOdds(dice: string, bonus: number, against: number): number {
  const d = diceOf(dice);
  if (!d) return 0.5;
  const dist = [...distribution(d.count, d.sides)];
  let win = 0;
  let lose = 0;
  for (const [a, wa] of dist) for (const [b, wb] of dist) {
    const ours = a + bonus;
    const theirs = b + against;
    if (ours > theirs) win += wa * wb;
    else if (ours < theirs) lose += wa * wb;
  }
  return win + lose === 0 ? 0.5 : win / (win + lose);
}

/** The chance, 0 to 1, that `dice` + `bonus` comes out at most (or at least) `target`. */
export function oddsOfRoll(dice: string, bonus: number, target: number, holds: 'at-most' | 'at-least'): number {
  const d = diceOf(dice);
  if (!d) return 0;
  const dist = [...distribution(d.count, d.sides)];
  const all = dist.reduce((n, [, w]) => n + w, 0);
  const hits = dist.filter(([t]) => (holds === 'at-most' ? t + bonus <= target : t + bonus >= target)).reduce((n, [, w]) => n + w, 0);
  return hits / all;
}

/** A chance as the screens show it ("58%"). */
export const percent = (chance: number): string => `${Math.round(chance * 100)}%`;
