/**
 * The GM at the table, for the legacy fixture scenarios: every command is one GM step, and undo
 * and redo are the GM pressing Ctrl+Z / Ctrl+Shift+Z. `make-fixtures.test.ts` drives the app's
 * own encounter store inside a campaign session through it.
 */
import { borderId, dispatch, type Command, type DispatchResult, type Encounter, type Id } from '../../../engine/index';
import type { CampaignItem } from '../../../electron/campaigns/index';

/** How the GM adds a party member or bestiary entry from the campaign (the "From the campaign" panel). */
export interface FromCampaign {
  quantity: number;
  factionId: Id;
  zoneId?: Id | null;
}

/** What a scenario drives. */
export interface Gm {
  readonly encounter: Encounter;
  /** One GM step; the command must be accepted. */
  act(command: Command): void;
  undo(): void;
  redo(): void;
  /** One GM step: `quantity` copies of a campaign entry. */
  addFromCampaign(item: CampaignItem, options: FromCampaign): void;
}

/**
 * A scenario's view of the table: names instead of ids, and a way to get a die result the
 * scenario needs without forcing dice (the GM rolls something else in between, which moves the
 * seeded dice on, until the command would come out as wanted).
 */
export class Table {
  readonly gm: Gm;

  constructor(gm: Gm) {
    this.gm = gm;
  }

  get state() {
    return this.gm.encounter.state;
  }

  /** Commands one after the other; a function makes its command when its turn comes (after the ones before). */
  run(...commands: (Command | (() => Command))[]): this {
    for (const command of commands) this.gm.act(typeof command === 'function' ? command() : command);
    return this;
  }

  id(name: string): Id {
    const found = this.state.combatants.find((c) => c.name === name);
    if (!found) throw new Error(`nobody called ${name}`);
    return found.id;
  }

  gear(who: string, item: string): Id {
    const found = this.state.combatants.find((c) => c.name === who)?.gear.find((g) => g.name === item);
    if (!found) throw new Error(`${who} carries no ${item}`);
    return found.id;
  }

  zone(name: string): Id {
    const found = this.state.zones.find((z) => z.name === name);
    if (!found) throw new Error(`no zone called ${name}`);
    return found.id;
  }

  border(a: string, b: string): Id {
    return borderId(this.zone(a), this.zone(b));
  }

  faction(name: string): Id {
    const found = this.state.factions.find((f) => f.name === name);
    if (!found) throw new Error(`no faction called ${name}`);
    return found.id;
  }

  /** What the command would do now, without doing it. */
  preview(command: Command): DispatchResult {
    return dispatch(this.gm.encounter, command);
  }

  /**
   * Gives the command once it would come out as `wanted`: until then the GM rolls `filler` (a
   * roll for the weather, say), which moves the dice on. At most `tries` rolls.
   */
  until(command: Command, wanted: (result: Extract<DispatchResult, { ok: true }>) => boolean, filler: Command = { type: 'roll', notation: 'd6', label: 'Weather' }, tries = 40): this {
    for (let i = 0; i <= tries; i++) {
      const result = this.preview(command);
      if (!result.ok) throw new Error(`${command.type} was refused: ${result.message}`);
      if (wanted(result)) return this.run(command);
      this.run(filler);
    }
    throw new Error(`${command.type} never came out as wanted in ${tries} rolls`);
  }
}
