// @vitest-environment happy-dom
// (A DOM environment, so that Svelte runs the publisher's effects: under plain node it is built for the server, where effects never run.)
/**
 * The players' screen is projected and sent only while a players' screen watches, only when it
 * differs from the last one sent, and frozen it stays the picture of the moment it froze (issue 43:
 * publishing every step with nobody looking was a fifth of a step at 1,000 combatants).
 */
import { describe, expect, it, vi } from 'vitest';
import type { Campaign } from '../../../engine/campaign/index';
import { goblinFight } from '../campaigns/test-support';
import { EncounterStore } from '../store/encounter-store.svelte';
import type { JournalSink } from '../campaigns/journal-sink';
import { PlayerPublisher, SEND_RETRY_MS } from './publisher.svelte';
import type { PlayerScreen } from './screen';
import type { ScreenSink } from './transport';

const keep: JournalSink = { append: async (_id, _from, lines) => ({ ok: true, value: { status: 'saved', appended: lines.length } }) };

/** A sink that records what it was sent; `tell` is the transport saying how many watch. */
function recordingSink() {
  const sent: PlayerScreen[] = [];
  let listener: (count: number) => void = () => {};
  const state = { failing: false };
  const sink: ScreenSink = {
    kind: 'indexeddb',
    async send(screen) {
      if (state.failing) throw new Error('the disk is full');
      sent.push(screen);
    },
    watchers(next) {
      listener = next;
      return () => {
        listener = () => {};
      };
    },
  };
  return { sink, sent, state, tell: (count: number) => listener(count) };
}

async function publishing() {
  const store = new EncounterStore();
  await store.load({ encounter: goblinFight('a').encounter, journalLength: 10, sink: keep });
  const session = { campaign: { name: 'Lost Mine', maps: [] } as unknown as Campaign };
  const transport = recordingSink();
  const publisher = new PlayerPublisher(transport.sink, store, session);
  const stop = publisher.start();
  /** Lets the effects run (Svelte runs them in a microtask) and the sends land. */
  const settle = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await publisher.flush();
  };
  await settle();
  return { store, publisher, ...transport, stop, settle };
}

/** Who acts on a screen, and in which round ("r2 k3"). */
function turnOn(screen: PlayerScreen | undefined): string {
  const view = screen?.view;
  if (!view || view.status === 'waiting') throw new Error('expected a fight on the screen');
  return `r${view.round} ${view.acting}`;
}

describe('the players\' screen publisher', () => {
  it('projects and sends nothing while no players\' screen watches, and the current screen at once when one opens', async () => {
    const { store, publisher, sent, tell, settle, stop } = await publishing();
    store.dispatch({ type: 'next-turn' });
    store.dispatch({ type: 'next-turn' });
    await settle();
    expect(sent).toEqual([]);
    tell(1);
    await settle();
    expect(sent).toEqual([publisher.screen]);
    expect(sent[0]!.campaign).toBe('Lost Mine');
    stop();
  });

  it('sends each change in order while watched, nothing for a change the players cannot see, and nothing once nobody watches', async () => {
    const { store, publisher, sent, tell, settle, stop } = await publishing();
    tell(1);
    await settle();
    store.dispatch({ type: 'next-turn' });
    await settle();
    store.dispatch({ type: 'next-turn' });
    await settle();
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map(turnOn)).size).toBe(3);
    expect(sent.at(-1)).toEqual(publisher.screen);
    // A roll of the GM's own is not on the players' screen: nothing to send.
    store.dispatch({ type: 'roll', notation: '1d20' });
    await settle();
    // A second screen opening: it reads the last one the transport kept; nothing new to send.
    tell(2);
    await settle();
    expect(sent).toHaveLength(3);
    tell(0);
    store.dispatch({ type: 'next-turn' });
    await settle();
    expect(sent).toHaveLength(3);
    // Back: the screen as it is now, once.
    tell(1);
    await settle();
    expect(sent).toHaveLength(4);
    expect(sent[3]).toEqual(publisher.screen);
    expect(turnOn(sent[3])).not.toBe(turnOn(sent[2]));
    stop();
  });

  it('frozen, a screen opened meanwhile gets the picture of the moment it froze; unfrozen, the fight as it is', async () => {
    const { store, publisher, sent, tell, settle, stop } = await publishing();
    const before = turnOn(publisher.screen);
    publisher.frozen = true;
    await settle();
    store.dispatch({ type: 'next-turn' });
    store.dispatch({ type: 'next-turn' });
    await settle();
    tell(1);
    await settle();
    expect(sent).toHaveLength(1);
    expect(turnOn(sent[0])).toBe(before);
    expect(turnOn(publisher.screen)).not.toBe(before);
    store.dispatch({ type: 'next-turn' });
    await settle();
    expect(sent).toHaveLength(1);
    publisher.frozen = false;
    await settle();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(publisher.screen);
    stop();
  });

  it('sends the screen again a while after a send failed, and says what went wrong meanwhile', async () => {
    const { store, publisher, sent, state, tell, settle, stop } = await publishing();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const tick = async (ms: number) => {
        await vi.advanceTimersByTimeAsync(ms);
        await publisher.flush();
      };
      state.failing = true;
      tell(1);
      await tick(0);
      expect(publisher.problem).toMatch(/could not be updated \(the disk is full\)/);
      expect(sent).toHaveLength(0);
      state.failing = false;
      // Nothing changed, nobody new: the same screen goes again once the wait is over.
      await tick(SEND_RETRY_MS - 1);
      expect(sent).toHaveLength(0);
      await tick(1);
      await tick(0);
      expect(sent).toHaveLength(1);
      expect(publisher.problem).toBeNull();
      store.dispatch({ type: 'next-turn' });
      await tick(0);
      expect(sent).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
    await settle();
    stop();
  });
});
