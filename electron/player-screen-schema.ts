/**
 * The players' screen as the GM window publishes it over IPC (`app:publish-player-screen`): its
 * schema, its size limit and the update the main process relays to the players' window. Part of
 * the IPC contract (ipc-contract/index.ts re-exports it); like the contract, no `electron` import and
 * no Node module at run time, since the preload bundles it.
 */
import * as v from 'valibot';
import { checkJsonValue, overLimit, utf8Length } from '../engine/campaign/index';
// The engine's drawing entry (the picture check and the players' screen format), not its index: the preload bundles this.
import { isStoredPicture, MAX_BACKGROUND_CHARS, PLAYER_SCREEN_VERSION, type MapBackground, type PlayerScreen } from '../engine/drawing';
import { MAX_NAME_LENGTH, objectMessage } from './ipc-messages';

// --- The players' screen --------------------------------------------------------------------
// The GM window publishes what the players' screen shows (engine/campaign/player-screen.ts: the
// engine's player-safe projection of the fight plus what the GM put up); the main process checks
// it, keeps the last one and sends it to the players' window only (player-window.ts), which runs
// in a session of its own and never reads the campaign (players-bridge.ts, player-preload.ts).

/**
 * Largest players' screen relayed (UTF-8 bytes of its JSON): room for a map picture and a handout
 * at their own limit (`MAX_BACKGROUND_CHARS` each) and the fight around them.
 */
export const MAX_PLAYER_SCREEN_BYTES = 16 * 1024 * 1024;
/** Longest text a shown roll carries (its label, its notation). */
export const MAX_SHOWN_ROLL_TEXT = 1000;
/** Most dice a shown roll lists. */
export const MAX_SHOWN_DICE = 1000;

/** Messages for an object inside the screen, named from the screen down (`roll.dice[]`). */
function nestedMessage(field: string, shape: string) {
  return (issue: v.BaseIssue<unknown>): string => {
    if (issue.expected === 'never') return `${field} has an unknown field ${issue.received}`;
    if (issue.path?.length) return `missing field ${field}.${v.getDotPath(issue)}`;
    return `${field} must be ${shape}, got ${issue.received}`;
  };
}

const screenNumber = (field: string) =>
  v.pipe(v.number(`${field} must be a number`), v.finite(`${field} must be a finite number`));

const screenText = (field: string, max: number) =>
  v.pipe(
    v.string(`${field} must be a string`),
    v.maxLength(max, (issue) => `${field} must be at most ${max} characters (got ${issue.received})`),
  );

/** A picture the players' window may show: one GM Screen keeps (PNG, JPEG or WebP in base64), or null. */
const screenPicture = (field: string) =>
  v.nullable(
    v.custom<MapBackground>(
      isStoredPicture,
      `${field} must be a PNG, JPEG or WebP picture (mime, base64 within ${MAX_BACKGROUND_CHARS} characters, width, height) or null`,
    ),
  );

/** The players' screen's fields, each named in its refusal. */
const playerScreenShape = v.strictObject(
  {
    version: v.literal(PLAYER_SCREEN_VERSION, `version must be ${PLAYER_SCREEN_VERSION}`),
    campaign: v.nullable(screenText('campaign', MAX_NAME_LENGTH)),
    mode: v.picklist(['live', 'curtain', 'handout'], 'mode must be "live", "curtain" or "handout"'),
    // The engine's projection, an allow-list built field by field (engine/views/player-view.ts);
    // checked here as plain JSON (below) with its version and status, and read again by the page.
    view: v.nullable(
      v.looseObject(
        { version: screenNumber('view.version'), status: v.string('view.status must be a string') },
        nestedMessage('view', "the engine's projection { version, status, … } or null"),
      ),
    ),
    ruleset: v.nullable(
      v.pipe(
        v.string('ruleset must be a string or null'),
        v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'ruleset must be a ruleset id such as "zones"'),
      ),
    ),
    background: screenPicture('background'),
    handout: screenPicture('handout'),
    roll: v.nullable(
      v.strictObject(
        {
          label: screenText('roll.label', MAX_SHOWN_ROLL_TEXT),
          notation: screenText('roll.notation', MAX_SHOWN_ROLL_TEXT),
          total: screenNumber('roll.total'),
          dice: v.pipe(
            v.array(
              v.strictObject(
                { value: screenNumber('roll.dice[].value'), sides: screenNumber('roll.dice[].sides'), kept: v.boolean('roll.dice[].kept must be true or false') },
                nestedMessage('roll.dice[]', '{ value: number, sides: number, kept: boolean }'),
              ),
              'roll.dice must be a list',
            ),
            v.maxLength(MAX_SHOWN_DICE, (issue) => `roll.dice must list at most ${MAX_SHOWN_DICE} dice (got ${issue.received})`),
          ),
          shownAt: screenNumber('roll.shownAt'),
        },
        nestedMessage('roll', '{ label, notation, total, dice, shownAt } or null'),
      ),
    ),
    countdown: v.nullable(
      v.strictObject(
        {
          remainingMs: screenNumber('countdown.remainingMs'),
          running: v.boolean('countdown.running must be true or false'),
          at: screenNumber('countdown.at'),
        },
        nestedMessage('countdown', '{ remainingMs, running, at } or null'),
      ),
    ),
  },
  objectMessage('{ version, campaign, mode, view, ruleset, background, handout, roll, countdown }'),
);

/**
 * Why `input` is not a players' screen the main process relays, or null. In this order: an object,
 * plain JSON data (no prototype keys, numbers JSON keeps, not nested too deep), within
 * `MAX_PLAYER_SCREEN_BYTES`, then each field.
 */
export function playerScreenProblem(input: unknown): string | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    const got = Array.isArray(input) ? 'a list' : input === null ? 'null' : typeof input;
    return `expected a players' screen { version, campaign, mode, view, … }, got ${got}`;
  }
  const data = checkJsonValue(input, 'screen');
  if (!data.ok) return data.message.replace(' cannot be saved:', ' is not plain data:').replace(/\.$/, '');
  const text = JSON.stringify(input);
  // Characters never outnumber bytes, and a character is at most 3 bytes: measure only when it may matter.
  if (text.length > MAX_PLAYER_SCREEN_BYTES || (text.length * 3 > MAX_PLAYER_SCREEN_BYTES && utf8Length(text) > MAX_PLAYER_SCREEN_BYTES)) {
    return `screen ${overLimit(utf8Length(text), MAX_PLAYER_SCREEN_BYTES)}; the players' screen was not updated`;
  }
  const parsed = v.safeParse(playerScreenShape, input);
  return parsed.success ? null : parsed.issues.map((issue) => issue.message).join('; ');
}

export const playerScreenPayload = v.custom<PlayerScreen>(
  (input) => playerScreenProblem(input) === null,
  (issue) => playerScreenProblem(issue.input) ?? 'the players\' screen is not valid',
);

/**
 * What the main process sends the players' window on `players:screen` (players-bridge.ts): the screen as
 * the GM window published it (the page reads it again before showing it) and when the main
 * process received it (ms since 1970).
 */
export interface PlayerScreenUpdate {
  readonly screen: unknown;
  readonly writtenAt: number;
}

