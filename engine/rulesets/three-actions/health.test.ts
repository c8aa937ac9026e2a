import { describe, expect, it } from 'vitest';
import type { Combatant } from '../../core/state';
import { damaged, healed, isBloodied, isHarmed, threeActionsStatus } from './health';

// "Damage that characters take is first dealt to their endurance. While at half of their endurance
// or less, they are considered to be harmed. If damage is dealt in excess of endurance, that damage
// is instead dealt to health. While at less than their maximum health, they are also considered
// bloodied."

function boudica(endurance = 12, health = 12): Combatant {
  return {
    id: 'b', name: 'Boudica', factionId: 'f1', stats: { constitution: 4 }, conditions: [], notes: '', concealed: false, initiative: null,
    zoneId: null, borderId: null, marks: [], resources: [], templateId: null,
    tracks: { endurance: { value: endurance, max: 12 }, health: { value: health, max: 12 }, stamina: { value: 3, max: 3 }, focus: { value: 3, max: 3 } },
  };
}

const withTracks = (c: Combatant, tracks: Combatant['tracks']): Combatant => ({ ...c, tracks });

describe('Three Actions: endurance, then health', () => {
  it('follows Boudica: 7 damage leaves 5 endurance (harmed), 10 more empty it and take 5 health (bloodied)', () => {
    const first = withTracks(boudica(), damaged(boudica(), 7));
    expect(first.tracks.endurance?.value).toBe(5);
    expect(isHarmed(first)).toBe(true);
    expect(isBloodied(first)).toBe(false);
    const second = withTracks(first, damaged(first, 10));
    expect(second.tracks.endurance?.value).toBe(0);
    expect(second.tracks.health?.value).toBe(7);
    expect(threeActionsStatus(second)).toEqual({ level: 'badly-hurt', how: null, why: 'bloodied, harmed' });
  });

  it('is harmed exactly at half endurance, not one above', () => {
    expect(isHarmed(boudica(6))).toBe(true);
    expect(isHarmed(boudica(7))).toBe(false);
    expect(threeActionsStatus(boudica(7))).toMatchObject({ level: 'hurt', why: '7 of 12 endurance' });
    expect(threeActionsStatus(boudica(6))).toMatchObject({ level: 'hurt', why: 'harmed' });
  });

  it('is unconscious at exactly 0 health, and never below it', () => {
    const c = boudica(0, 3);
    const down = withTracks(c, damaged(c, 5));
    expect(down.tracks.health?.value).toBe(0);
    expect(threeActionsStatus(down)).toMatchObject({ level: 'down', why: 'unconscious' });
    expect(threeActionsStatus({ ...boudica(), marks: ['unconscious'] })).toMatchObject({ level: 'down' });
    expect(threeActionsStatus({ ...boudica(), marks: ['dead'] })).toMatchObject({ level: 'out', how: 'dead' });
  });

  it('heals health first, then endurance', () => {
    const c = boudica(2, 9);
    expect(healed(c, 5)).toMatchObject({ health: { value: 12 }, endurance: { value: 4 } });
  });
});
