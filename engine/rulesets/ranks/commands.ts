import type { Id } from '../../core/state';
import { commandsOf } from '../../core/typed';
import { decideGainAdvantage, type AdvantageSkill } from './advantage';
import { decideAttack } from './attack';
import { decideCheck } from './check';
import { decideCombine } from './combine';
import type { TrackId } from './conditions';
import { decideContest, type ContestKind } from './contest';
import { decideSetFocus } from './engagement';
import { decideInflict } from './inflict';
import { decideCallInitiative } from './initiative-call';
import { decideMatch } from './match';
import { decideMove, type MoveHow } from './move';
import type { ReadiedOn } from './person';
import { decideReady } from './readied';
import { decideRecover, type RecoverySkill } from './recover';
import { decideSetSheet } from './sheet-event';
import type { SkillKey } from './tables';

// Skill Ranks' commands, typed once: what the screen sends and each handler reads. The handlers
// still check every field (ids against the fight, numbers against their ranges), since a command
// may come from elsewhere than the typed screen.

/** One entry of a sheet as the forms send it: a skill or a weapon with its fields (`RANKS_GEAR`), its id once it has one. */
export type SheetEntryInput = {
  id?: Id;
  name: string;
  kind: string;
  [field: string]: unknown;
};

/** An object knocked over or hurled (a shift attack): its name, the difficulty of shifting it, its damage dice. */
export type ShiftObjectInput = { name?: string; difficulty: number; dice: number };

/** Whether a check spends the full action, the bonus action, or (null) nothing. */
export type Spend = 'full' | 'bonus' | null;

/** Skill Ranks' own commands. */
export type RanksCommand =
  /**
   * Gaining an advantage (a bonus action): awareness against 10 for next round's initiative, or
   * misdirection (against `targetId`'s cues) or memory (against `difficulty`) for ranks that buy an
   * effect, kept or passed to an ally (`beneficiaryId`); `skillFor`: the skill a rank-3 "+1D to
   * one skill" goes to (martial when left out).
   */
  | { type: 'ranks/gain-advantage'; combatantId: Id; skill: AdvantageSkill; targetId?: Id | null; beneficiaryId?: Id | null; skillFor?: SkillKey; difficulty?: number }
  /** The GM calls the fight chaotic (awareness rolled) or calm again, for `rounds` rounds from the next, or (null) the rest of the encounter. */
  | { type: 'ranks/call-initiative'; rolled: boolean; rounds?: number | null }
  /** The GM lands ranks on a condition track by hand. */
  | { type: 'ranks/inflict'; combatantId: Id; track: TrackId; ranks: number }
  /**
   * An attack (the full action): with a weapon of the attacker's (null: bare hands) or a shifted
   * `object`, at `distance` and `clearance` feet (null: left to the table); `defenceId` picks the
   * defender's weapon (or bare hands) that defends, `defensive` the skill of their defensive check
   * (null: they don't roll). Out of reach or out of turn only by `gmRuling`.
   */
  | {
      type: 'ranks/attack';
      attackerId: Id;
      targetId: Id;
      weaponId?: Id | null;
      distance?: number | null;
      clearance?: number | null;
      defenceId?: Id | null;
      defensive?: SkillKey | null;
      object?: ShiftObjectInput | null;
      gmRuling?: boolean;
    }
  /** Whom the character fights (null: nobody): the two are engaged. */
  | { type: 'ranks/set-focus'; combatantId: Id; focusId?: Id | null }
  /** The character's skills and weapons, as the GM enters them. */
  | { type: 'ranks/set-sheet'; combatantId: Id; sheet: readonly SheetEntryInput[] }
  /**
   * Readying (a bonus action, on their own turn): an attack (with `weaponId`, null for bare hands),
   * a check (`skill`, `difficulty`, `movement`), a defence, or an action held; `trigger` says what
   * sets it off, `on` whether an opponent's move or attack does (a move when left out).
   */
  | {
      type: 'ranks/ready';
      combatantId: Id;
      action: 'attack' | 'check' | 'defend' | 'hold';
      trigger: string;
      on?: ReadiedOn;
      weaponId?: Id | null;
      skill?: SkillKey;
      difficulty?: number;
      movement?: boolean;
    }
  /** Moving: the whole Move (full action), half (bonus action) or half as incidental movement (free). */
  | { type: 'ranks/move'; combatantId: Id; how: MoveHow; note?: string }
  /** An engaged opponent matches the active character's move; after a movement check it takes `spend` (the bonus action when left out). Not engaged only by `gmRuling`. */
  | { type: 'ranks/match'; combatantId: Id; spend?: Spend; gmRuling?: boolean }
  /**
   * An ability check against a difficulty, spending `spend`; `movement`: a movement check. On their
   * own turn with no action spent only when it belongs to an action already taken or is required of
   * them (`required`).
   */
  | { type: 'ranks/check'; combatantId: Id; skill: SkillKey; difficulty: number; spend?: Spend; note?: string; movement?: boolean; required?: boolean }
  /** A recovery check (the full action) on one of the target's conditions (their own when `targetId` is left out). */
  | { type: 'ranks/recover'; actorId: Id; targetId?: Id; skill: RecoverySkill; conditionId: Id }
  /** Interacting with an opponent (a bonus action): taunt, intimidate or command. */
  | { type: 'ranks/interact'; actorId: Id; targetId: Id; kind: ContestKind }
  /** Forcing an opponent to move (the full action): arena or grapple. */
  | { type: 'ranks/force'; actorId: Id; targetId: Id; kind: ContestKind }
  /** Helping (or hindering) another's check with a skill (a bonus action); a skill not on their sheet, or off their turn with no engaged opponent, only by `gmRuling`. */
  | { type: 'ranks/combine'; actorId: Id; targetId: Id; help: boolean; skill: SkillKey; gmRuling?: boolean };

export type RanksCommandType = RanksCommand['type'];
export type RanksCommandOf<T extends RanksCommandType> = Extract<RanksCommand, { type: T }>;

export const RANKS_COMMANDS = commandsOf<RanksCommand>()({
  'ranks/gain-advantage': decideGainAdvantage,
  'ranks/call-initiative': (state, cmd) => decideCallInitiative(state, cmd),
  'ranks/inflict': (state, cmd) => decideInflict(state, cmd),
  'ranks/attack': decideAttack,
  'ranks/set-focus': (state, cmd) => decideSetFocus(state, cmd),
  'ranks/set-sheet': (state, cmd) => decideSetSheet(state, cmd),
  'ranks/ready': (state, cmd) => decideReady(state, cmd),
  'ranks/move': (state, cmd) => decideMove(state, cmd),
  'ranks/match': (state, cmd) => decideMatch(state, cmd),
  'ranks/check': decideCheck,
  'ranks/recover': decideRecover,
  'ranks/interact': decideContest,
  'ranks/force': decideContest,
  'ranks/combine': (state, cmd) => decideCombine(state, cmd),
});
