/**
 * Picking your character on your phone: the party is whoever the projection marks as the players'
 * side. The pick is kept by name, because the projection's keys can move to another character
 * from one screen to the next; it is remembered on this phone for this join code only.
 */
import type { PlayerCombatant, PlayerFight } from '../../../engine/index';

/** The characters a player may pick: the party members the screen shows, in the fight's order. */
export function partyOf(fight: PlayerFight): PlayerCombatant[] {
  return fight.combatants.filter((c) => c.isPlayer);
}

/** The picked character in this screen, or null when they are not shown (or nobody is picked). */
export function pickedIn(fight: PlayerFight, name: string | null): PlayerCombatant | null {
  if (name === null) return null;
  return partyOf(fight).find((c) => c.name === name) ?? null;
}

/** The join code in the page's address (`/ab3k9xq2/`, `/AB3K-9XQ2/`), as the server reads it; '' when none. */
export function codeOf(pathname: string): string {
  const first = pathname.split('/').find((part) => part !== '') ?? '';
  return first.replace(/-/g, '').toLowerCase();
}

/** Where the pick for a code is kept in localStorage. */
export function pickKey(code: string): string {
  return `gm-screen-phone-pick:${code}`;
}

/** The pick remembered for this code, or null (also when storage is not allowed). */
export function rememberedPick(storage: Pick<Storage, 'getItem'> | null, code: string): string | null {
  try {
    return storage?.getItem(pickKey(code)) ?? null;
  } catch {
    return null;
  }
}

/** Remembers the pick for this code (null forgets it); a phone that keeps nothing just forgets. */
export function rememberPick(storage: Pick<Storage, 'setItem' | 'removeItem'> | null, code: string, name: string | null): void {
  try {
    if (name === null) storage?.removeItem(pickKey(code));
    else storage?.setItem(pickKey(code), name);
  } catch {
    // Private browsing or full storage: the pick lasts while the page is open.
  }
}
