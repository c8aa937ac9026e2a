import type { JsonValue } from '../json';
import type { SpaceStart } from './maps/parts';
import type { SpaceCommand } from './maps/space-events';
import type { NamespacedType } from './namespaced';
import type { ConditionDuration } from './conditions';
import type { ConditionEffect } from './effects';
import type { KeptCondition } from './aftermath';
import type { EnemyHealthMode, Id, Mark, ResourceReset, SettingValue } from './state';

/** A limited-use ability as the GM enters it; the engine gives it an id. */
export interface ResourceInput {
  /** 1–64 characters ("Rage", "Spell slot (1st)"). */
  name: string;
  /** Uses when full, 1–99. */
  max: number;
  /** Uses already spent, 0–max; 0 when omitted. */
  used?: number;
  reset: ResourceReset;
}

/**
 * A command a ruleset owns (`<ruleset id>/<name>`). Its fields come from the screen or a script
 * unchecked: the ruleset checks each one before deciding anything.
 */
export interface RulesetCommand {
  type: NamespacedType;
  [field: string]: unknown;
}

/**
 * What the GM asks for. A command is checked and turned into events, or refused with a reason:
 * the core's, the space's (laying it out, placing and moving: `space/events.ts`) or the ruleset's.
 */
export type Command = CoreCommand | SpaceCommand | RulesetCommand;

/** The commands every ruleset shares, decided by the core. */
export type CoreCommand =
  | { type: 'add-faction'; name: string; colour: string }
  /** A new character; where they start is the space's part of it (`SpaceStart`). */
  | ({
      type: 'add-combatant';
      name: string;
      factionId: Id;
      /** Stats by key; missing ones take the ruleset's defaults. */
      stats?: Record<string, number>;
      /** Track maxima by key (`{ hp: 7 }`); missing ones take the ruleset's defaults. */
      tracks?: Record<string, number>;
      /** Where tracks stand now, by key, 0 to the maximum (a party member still hurt from the last fight); missing ones are full. */
      current?: Record<string, number>;
      /** Conditions they bring from an earlier fight (`aftermath.ts`), lasting until the scene ends or until recovered (`lasts`); each copy gets its own. */
      conditions?: KeptCondition[];
      /** Adds this many numbered copies ("Goblin 1" … "Goblin 4"); 1 adds the name as it is. */
      quantity?: number;
      notes?: string;
      concealed?: boolean;
      /**
       * The ruleset's own fields for them (`slice.newCombatant`; Zones & Factions: `{ gear }`),
       * each copy getting its own; refused for rulesets that keep nothing of their own.
       */
      rules?: unknown;
      /** Rule states they start with, such as fear-immune. */
      marks?: Mark[];
      /** The ruleset's yes/no traits they have (`Ruleset.character.traits`). */
      traits?: string[];
      /** Limited-use abilities; each copy gets its own. `used` defaults to 0. */
      resources?: ResourceInput[];
      /** The party member or bestiary entry they were made from: 1–64 of A–Z, a–z, 0–9, "-", "_". */
      templateId?: Id;
      /** The GM overrules the ruleset's refusal of the new sheet (`Ruleset.character.sheetRefusal`). */
      gmRuling?: boolean;
    } & SpaceStart)
  | {
      type: 'start-combat';
      /** Alternating procedures: the faction that started the fight; omitted, it is drawn at random. */
      initiativeFactionId?: Id;
    }
  | { type: 'next-turn' }
  | { type: 'previous-turn' }
  | { type: 'end-combat' }
  /** The scene ends (the fight over): conditions lasting until then end; those lasting until recovered stay. */
  | { type: 'end-scene' }
  | { type: 'damage'; combatantId: Id; amount: number }
  | { type: 'heal'; combatantId: Id; amount: number }
  | { type: 'set-track'; combatantId: Id; track: string; value: number; max?: number }
  /** `gmRuling`: the GM overrules the ruleset's refusal of the sheet as it would stand (`Ruleset.character.sheetRefusal`). */
  | { type: 'set-stat'; combatantId: Id; stat: string; value: number; gmRuling?: boolean }
  | {
      type: 'add-condition';
      combatantId: Id;
      name: string;
      /** How long it lasts (`conditions.ts`); omit for "until removed". */
      duration?: ConditionDuration;
      /** What it does that the engine applies (`effects.ts`), checked against the ruleset. */
      effects?: ConditionEffect[];
      /** Its rank on one of the ruleset's condition tracks. */
      rank?: { track: string; value: number };
    }
  /** Changes how long a condition lasts; null makes it last until removed. */
  | { type: 'set-condition-timer'; combatantId: Id; conditionId: Id; duration: ConditionDuration | null }
  | { type: 'remove-condition'; combatantId: Id; conditionId: Id }
  | { type: 'rename'; combatantId: Id; name: string }
  | { type: 'set-faction'; combatantId: Id; factionId: Id }
  | { type: 'set-concealed'; combatantId: Id; concealed: boolean }
  | { type: 'set-notes'; combatantId: Id; notes: string }
  | { type: 'move-in-order'; combatantId: Id; index: number }
  | { type: 'set-initiative'; combatantId: Id; total: number }
  | { type: 'remove-combatant'; combatantId: Id }
  /** Spends uses of a limited-use ability (1 by default); refused when not enough are left. */
  | { type: 'use-resource'; combatantId: Id; resourceId: Id; amount?: number }
  /** The GM sets how many uses are spent (0 gives them all back), 0 to the ability's maximum. */
  | { type: 'set-resource-used'; combatantId: Id; resourceId: Id; used: number }
  | {
      type: 'roll';
      notation: string;
      label?: string;
      /** Dice the GM rolled at the table, one value per die, instead of rolling here. */
      manualDice?: number[];
    }
  // Procedures where factions alternate.
  | { type: 'choose-first-faction'; factionId: Id }
  | { type: 'take-turn'; combatantId: Id }
  | { type: 'end-turn' }
  | { type: 'pass' }
  | { type: 'react'; combatantId: Id; what?: string }
  /** `spends` picks one of the costs of an action that has several (`ActionDefinition.spends`). */
  | { type: 'use-action'; combatantId: Id; actionId: string; note?: string; spends?: string; gmRuling?: boolean }
  /** The gate die (see `core/turn-procedure.ts`) as the GM rolled it on a real die, before anyone acts in the round's first half. */
  | { type: 'set-gate'; value: number }
  // Rule states and settings: setup, and GM overrides at any time.
  | { type: 'set-mark'; combatantId: Id; mark: Mark; on: boolean }
  /** Gives a character one of the ruleset's traits, or takes it away. */
  | { type: 'set-trait'; combatantId: Id; trait: string; on: boolean; gmRuling?: boolean }
  /** The faction that started the fight; null when that's unclear (drawn at random when combat starts). */
  | { type: 'set-initiative-faction'; factionId: Id | null }
  /**
   * Where factions alternate and don't roll for their places: the order they take their goes in,
   * from the one holding the initiative on (the team that started the fight, the team it attacked,
   * the others as the GM sees fit). Factions left out follow in the encounter's order.
   */
  | { type: 'set-team-order'; factionIds: Id[]; gmRuling?: boolean }
  | { type: 'set-setting'; key: string; value: SettingValue }
  // What the players see (the player view). Allowed at any time; a command that changes nothing makes no event.
  /** The factions the players see in full (their characters' health, conditions and real names); may be empty. */
  | { type: 'set-player-factions'; factionIds: Id[] }
  /** How characters outside the player factions show their health: descriptors, or nothing. */
  | { type: 'set-enemy-health'; mode: EnemyHealthMode }
  /** The name the players see for a character; null goes back to the default. */
  | { type: 'set-player-name'; combatantId: Id; name: string | null }
  /** Shows (or hides again) a character's real name to the players. */
  | { type: 'reveal-name'; combatantId: Id; revealed: boolean }
  | { type: 'show-conditions'; combatantId: Id; shown: boolean }
  /** Keeps a character off the player view until they first get a turn, or shows them now. */
  | { type: 'hide-until-turn'; combatantId: Id; hidden: boolean }
  /** Answers the choice the fight waits for (the prompt on top, see `prompts.ts`); the answer is its ruleset's to read. */
  | { type: 'answer-prompt'; promptId: Id; answer: JsonValue }
  /** Closes the prompt on top unanswered, as its ruleset says (an attack is called off). */
  | { type: 'call-off-prompt'; promptId: Id };

/** Whether the command is a ruleset's own (`<ruleset id>/<name>`) rather than the core's. */
export function isRulesetCommand(command: Command): command is RulesetCommand {
  return typeof command.type === 'string' && command.type.includes('/');
}
