import { describe, expect, it } from 'vitest';
import { deriveBorders, dispatch, type MapZone, type Point } from '../../../engine/index';
import { playedFight } from '../../../engine/testing/journals';
import { MAP_TEMPLATES } from '../map/templates';
import { dropTarget, placeCommand } from './drop-target';

const template = MAP_TEMPLATES.find((t) => t.id === 'bridge');
if (!template) throw new Error('The bridge map is missing');
const bridge = template.build();
const borders = deriveBorders(bridge);
const reach = 20;

describe('dropping a token on the battle map', () => {
  it('lands in the zone under the drop point', () => {
    expect(dropTarget(bridge.zones, borders, [800, 500], reach)).toEqual({ zoneId: 'bridge' });
    expect(dropTarget(bridge.zones, borders, [250, 900], reach)).toEqual({ zoneId: 'west-bank' });
    expect(dropTarget(bridge.zones, borders, [800, 200], reach)).toEqual({ zoneId: 'upstream' });
  });

  it('lands on the border when dropped on the line two zones share', () => {
    const target = dropTarget(bridge.zones, borders, [505, 500], reach);
    const border = target && 'borderId' in target ? borders.find((b) => b.id === target.borderId) : undefined;
    expect([border?.a, border?.b].sort()).toEqual(['bridge', 'west-bank']);
  });

  it('lands nowhere off the zones', () => {
    const hole: MapZone[] = bridge.zones.filter((z) => z.id !== 'bridge');
    const point: Point = [800, 500];
    expect(dropTarget(hole, deriveBorders({ zones: hole, links: [], barriers: [] }), point, reach)).toBeNull();
    expect(dropTarget(bridge.zones, borders, [1700, 500], reach)).toBeNull();
  });

  it('puts someone who is not on the map into the zone they were dropped on, or onto the border', () => {
    const fight = playedFight({ id: 'drop', rulesetId: 'zones' }, [
      { type: 'set-map', mapId: 'bridge', name: 'Bridge', map: bridge },
      { type: 'add-combatant', name: 'Mira', factionId: 'f1' },
    ]);
    const mira = fight.state.combatants[0];
    if (!mira) throw new Error('Mira is missing');
    expect(mira.zoneId).toBeNull();
    const into = dropTarget(fight.state.map?.zones ?? [], fight.state.map?.borders ?? [], [800, 500], reach);
    if (!into) throw new Error('The drop landed nowhere');
    const placed = dispatch(fight, placeCommand(mira.id, into));
    if (!placed.ok) throw new Error(placed.message);
    expect(placed.encounter.state.combatants[0]?.zoneId).toBe('bridge');

    const onto = dropTarget(fight.state.map?.zones ?? [], fight.state.map?.borders ?? [], [500, 500], reach);
    if (!onto) throw new Error('The drop landed nowhere');
    const bordering = dispatch(fight, placeCommand(mira.id, onto));
    if (!bordering.ok) throw new Error(bordering.message);
    expect(bordering.encounter.state.combatants[0]?.borderId).toBe('borderId' in onto ? onto.borderId : 'a border');
  });
});
