/**
 * The GM window's side of the players' screen: it projects the open fight for the players after
 * every change and sends the result (with what the GM put up: curtain, handout, a roll, the
 * countdown) through its sink (transport.ts): over IPC to the main process, which relays it to the
 * players' window only, in the desktop app; into IndexedDB, where the page at `#player` reads it
 * with a live query, in a browser. One path only: the player window never reads the campaign, the
 * encounter or its events.
 *
 * Only while a players' screen is watching (the sink tells how many: the players' window in the
 * desktop app, the pages at #player in a browser): with nobody looking, the fight is not even
 * projected (at 1,000 combatants that was a fifth of every step, issue 43). A screen that opens
 * gets the current one at once. And only a screen that differs from the last one sent: a change
 * the players cannot see (a hidden enemy's health) sends nothing.
 *
 * Frozen, nothing is sent: the players keep seeing the picture of the moment the GM froze it
 * while the GM prepares, a screen opened meanwhile included.
 */
import equal from 'fast-deep-equal';
import { untrack } from 'svelte';
import type { MapBackground, Roll } from '../../../engine/index';
import type { CampaignSession } from '../campaigns/session.svelte';
import { rulesFor } from '../rulesets/rules';
import type { EncounterStore } from '../store/encounter-store.svelte';
import { fightEngine } from '../store/fight-engine';
import { PLAYER_SCREEN_VERSION, type PlayerScreen, type ShownRoll } from './screen';
import type { ScreenSink } from './transport';
import { turnCountdown, type CountdownReading } from './turn-countdown.svelte';

/** How long after a failed send the screen is sent again. */
export const SEND_RETRY_MS = 2000;

export class PlayerPublisher {
  mode = $state<PlayerScreen['mode']>('live');
  #frozen = $state(false);
  handout = $state.raw<MapBackground | null>(null);
  roll = $state.raw<ShownRoll | null>(null);
  /** The last send's failure, in words for the GM; null when fine. */
  problem = $state<string | null>(null);
  /** How many players' screens are watching, as the sink last told (none until it tells). */
  watching = $state(0);
  /** Bumped a while after a send failed, so the screen is sent again (the IPC or the database may be back). */
  #retries = $state(0);

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
  readonly #store: Pick<EncounterStore, 'encounter'>;
  readonly #session: Pick<CampaignSession, 'campaign'>;
  readonly #countdown: CountdownReading;
  #writes: Promise<unknown> = Promise.resolve();
  /** The last screen handed to the sink (what a screen opened later reads), null before the first. */
  #sent: PlayerScreen | null = null;
  /** The screen as it was when the GM froze it; null while not frozen. */
  #frozenPicture: PlayerScreen | null = null;

  /**
   * `sink`: where each screen goes (transport.ts chooses it); `countdown`: the turn countdown as
   * the ruleset's timer panel last read it (the app's by default).
   */
  constructor(sink: ScreenSink, store: Pick<EncounterStore, 'encounter'>, session: Pick<CampaignSession, 'campaign'>, countdown: CountdownReading = turnCountdown) {
    this.#sink = sink;
    this.#store = store;
    this.#session = session;
    this.#countdown = countdown;
  }

  /** Frozen: the players keep the picture of the moment the GM froze it. */
  get frozen(): boolean {
    return this.#frozen;
  }

  set frozen(value: boolean) {
    // The picture is taken as the GM freezes, watched or not: a screen opened while frozen shows it.
    if (value && !this.#frozen) this.#frozenPicture = untrack(() => this.screen);
    if (!value) this.#frozenPicture = null;
    this.#frozen = value;
  }

  /**
   * Starts publishing: while a players' screen watches, every change of the screen is sent, in
   * order; frozen, the picture of the moment it froze.
   */
  start(): () => void {
    const stopCounting = this.#sink.watchers((count) => {
      this.watching = count;
    });
    const stopEffects = $effect.root(() => {
      $effect(() => {
        void this.#retries;
        // Nobody watching: the screen is not read, so the fight is not projected. A screen that
        // opens later gets the current one even if it is the last one sent: the sink may have kept
        // an older one meanwhile (a phones' server started since), and the new screen must not wait.
        if (this.watching === 0) {
          this.#sent = null;
          return;
        }
        const screen = this.frozen ? this.#frozenPicture : this.screen;
        if (screen) this.#write(screen);
      });
    });
    return () => {
      stopCounting();
      stopEffects();
    };
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
    // What the players see already (a hidden change, or the same screen for one more watcher): the
    // sink keeps the last one for screens that open later, so nothing needs sending.
    if (this.#sent !== null && equal(this.#sent, screen)) return;
    this.#sent = screen;
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
          // It never arrived: the same screen is sent again in a while, not taken as shown.
          if (this.#sent === screen) this.#sent = null;
          setTimeout(() => (this.#retries += 1), SEND_RETRY_MS);
          this.problem = `The players' screen could not be updated (${error instanceof Error ? error.message : String(error)}).`;
        },
      );
  }
}
