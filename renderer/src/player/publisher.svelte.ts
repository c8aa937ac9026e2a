/**
 * The GM window's side of the players' screen: it projects the open fight for the players after
 * every change and sends the result (with what the GM put up: curtain, handout, a roll, the
 * countdown) through its sink (transport.ts): over IPC to the main process, which relays it to the
 * players' window only, in the desktop app; into IndexedDB, where the page at `#player` reads it
 * with a live query, in a browser. One path only: the player window never reads the campaign, the
 * encounter or its events.
 *
 * Frozen, nothing is sent: the players keep seeing the last picture while the GM prepares.
 */
import type { MapBackground, Roll } from '../../../engine/index';
import type { CampaignSession } from '../campaigns/session.svelte';
import { rulesFor } from '../rulesets/rules';
import type { EncounterStore } from '../store/encounter-store.svelte';
import { fightEngine } from '../store/fight-engine';
import { PLAYER_SCREEN_VERSION, type PlayerScreen, type ShownRoll } from './screen';
import type { ScreenSink } from './transport';
import { turnCountdown, type CountdownReading } from './turn-countdown.svelte';

export class PlayerPublisher {
  mode = $state<PlayerScreen['mode']>('live');
  frozen = $state(false);
  handout = $state.raw<MapBackground | null>(null);
  roll = $state.raw<ShownRoll | null>(null);
  /** The last send's failure, in words for the GM; null when fine. */
  problem = $state<string | null>(null);

  /** The screen as it would be sent now. */
  screen = $derived.by((): PlayerScreen => {
    // The live fight, even while the GM looks back at an earlier moment in the log.
    const encounter = this.#store.encounter;
    const state = encounter?.state ?? null;
    const campaign = this.#session.campaign;
    // An encounter in the store means its engine functions are loaded (the store loads them first).
    const engine = encounter ? fightEngine() : null;
    const view = encounter && engine ? engine.projectPlayerView(encounter.state, encounter.ruleset) : null;
    // The picture only goes with a fight the players may see (never a planned one's map).
    const shown = view?.status !== 'waiting';
    const pictured = shown && view?.map?.background === true;
    const mapId = pictured ? (state?.map?.mapId ?? null) : null;
    const entry = mapId ? campaign?.maps.find((m) => m.id === mapId) : undefined;
    const zoneRead = entry && engine ? engine.checkZoneMap(entry.data, entry.name) : null;
    // A grid map's picture, the same way (its fogged squares are drawn over it, dark, on their screen).
    const gridId = shown && view?.grid?.background === true ? (state?.grid?.mapId ?? null) : null;
    const gridEntry = gridId ? campaign?.maps.find((m) => m.id === gridId) : undefined;
    const gridRead = gridEntry && engine ? engine.checkStoredGridMap(gridEntry.data, gridEntry.name) : null;
    const read = zoneRead ?? gridRead;
    return {
      version: PLAYER_SCREEN_VERSION,
      campaign: campaign?.name ?? null,
      mode: this.mode,
      view,
      ruleset: state?.rulesetId ?? null,
      background: read?.ok ? read.value.background : null,
      handout: this.handout,
      roll: this.roll,
      // Only while the fight's ruleset puts its countdown up for the players.
      countdown: state && rulesFor(state.rulesetId).countdown?.(state) ? this.#countdown.value : null,
    };
  });

  readonly #sink: ScreenSink;
  readonly #store: EncounterStore;
  readonly #session: CampaignSession;
  readonly #countdown: CountdownReading;
  #writes: Promise<unknown> = Promise.resolve();

  /**
   * `sink`: where each screen goes (transport.ts chooses it); `countdown`: the turn countdown as
   * the ruleset's timer panel last read it (the app's by default).
   */
  constructor(sink: ScreenSink, store: EncounterStore, session: CampaignSession, countdown: CountdownReading = turnCountdown) {
    this.#sink = sink;
    this.#store = store;
    this.#session = session;
    this.#countdown = countdown;
  }

  /** Starts publishing: every change of the screen is sent, in order, unless frozen. */
  start(): () => void {
    return $effect.root(() => {
      $effect(() => {
        const screen = this.screen;
        if (this.frozen) return;
        this.#write(screen);
      });
    });
  }

  /** Puts a roll up on the players' screen. */
  showRoll(label: string, roll: Roll): void {
    this.roll = {
      label,
      notation: roll.notation,
      total: roll.total,
      dice: roll.terms.flatMap((term) => term.dice.map((die) => ({ value: die.value, sides: die.sides, kept: die.kept }))),
      shownAt: Date.now(),
    };
  }

  /** Shows a picture full screen (or takes it down with null). */
  showHandout(picture: MapBackground | null): void {
    this.handout = picture;
    this.mode = picture ? 'handout' : 'live';
  }

  /** Waits for every send so far (tests). */
  flush(): Promise<unknown> {
    return this.#writes;
  }

  #write(screen: PlayerScreen): void {
    // Sent as it is, not cloned first: everything it holds is plain data already (the encounter,
    // the campaign, the handout, the roll and the countdown are raw state, and the view is projected
    // afresh for each screen), and the sink copies it anyway (IndexedDB and IPC clone what they take).
    // A deep copy here cost a fifth of a turn at 100 combatants (issue 43).
    // One after the other, so the players never get an older screen after a newer one.
    this.#writes = this.#writes
      .then(() => this.#sink.send(screen))
      .then(
        () => {
          this.problem = null;
        },
        (error: unknown) => {
          this.problem = `The players' screen could not be updated (${error instanceof Error ? error.message : String(error)}).`;
        },
      );
  }
}
