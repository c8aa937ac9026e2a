import type { ConditionTimer, Id } from './state';

/** What the GM asks for. A command is checked and turned into events, or refused with a reason. */
export type Command =
  | { type: 'add-faction'; name: string; colour: string }
  | {
      type: 'add-combatant';
      name: string;
      factionId: Id;
      /** Stats by key; missing ones take the ruleset's defaults. */
      stats?: Record<string, number>;
      /** Track maxima by key (`{ hp: 7 }`); missing ones take the ruleset's defaults. */
      tracks?: Record<string, number>;
      /** Adds this many numbered copies ("Goblin 1" … "Goblin 4"); 1 adds the name as it is. */
      quantity?: number;
      notes?: string;
      concealed?: boolean;
    }
  | { type: 'start-combat' }
  | { type: 'next-turn' }
  | { type: 'previous-turn' }
  | { type: 'end-combat' }
  | { type: 'damage'; combatantId: Id; amount: number }
  | { type: 'heal'; combatantId: Id; amount: number }
  | { type: 'set-track'; combatantId: Id; track: string; value: number; max?: number }
  | { type: 'set-stat'; combatantId: Id; stat: string; value: number }
  | {
      type: 'add-condition';
      combatantId: Id;
      name: string;
      /** Rounds, and at which turn boundary of which combatant it counts down; omit for "until removed". */
      duration?: { rounds: number; endsOn: ConditionTimer['endsOn']; anchorId: Id };
    }
  | { type: 'remove-condition'; combatantId: Id; conditionId: Id }
  | { type: 'rename'; combatantId: Id; name: string }
  | { type: 'set-faction'; combatantId: Id; factionId: Id }
  | { type: 'set-concealed'; combatantId: Id; concealed: boolean }
  | { type: 'set-notes'; combatantId: Id; notes: string }
  | { type: 'move-in-order'; combatantId: Id; index: number }
  | { type: 'set-initiative'; combatantId: Id; total: number }
  | { type: 'remove-combatant'; combatantId: Id }
  | {
      type: 'roll';
      notation: string;
      label?: string;
      /** Dice the GM rolled at the table, one value per die, instead of rolling here. */
      manualDice?: number[];
    };
