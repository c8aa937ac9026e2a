import { describe, expect, it } from 'vitest';
import type { Id, Point } from '../../../engine/index';
import { TrayDrag } from './tray-drag.svelte';

/** A pointer event as the tray's buttons get it; the map's box is x < 100. */
function pointer(clientX: number, clientY = 0, pointerId = 1, button = 0): PointerEvent {
  const button_ = { setPointerCapture: () => undefined };
  return { clientX, clientY, pointerId, button, currentTarget: button_ } as unknown as PointerEvent;
}

function trayOn() {
  const seen: string[] = [];
  const tray = new TrayDrag({
    overMap: (event) => (event.clientX < 100 ? ([event.clientX / 10, event.clientY / 10] as Point) : null),
    dragTo: (drag) => seen.push(drag ? `drag ${drag.id} ${drag.at.join(',')}` : 'no drag'),
    pressed: (id: Id) => seen.push(`pressed ${id}`),
    dropped: (id: Id, at: Point) => seen.push(`dropped ${id} ${at.join(',')}`),
  });
  return { tray, seen };
}

describe('the tray of those not on the map', () => {
  it('takes a press that hardly moves as a press of the button', () => {
    const { tray, seen } = trayOn();
    tray.down(pointer(200), 'a');
    tray.move(pointer(203));
    expect(tray.press?.moved).toBe(false);
    tray.up(pointer(203));
    expect(seen).toEqual(['no drag', 'pressed a']);
    expect(tray.press).toBeNull();
  });

  it('drags a token that moves: it follows the pointer over the map and is dropped where it is let go', () => {
    const { tray, seen } = trayOn();
    tray.down(pointer(200), 'a');
    tray.move(pointer(150));
    tray.move(pointer(50, 20));
    expect(tray.press?.moved).toBe(true);
    tray.up(pointer(40, 20));
    expect(seen).toEqual(['no drag', 'drag a 5,2', 'no drag', 'dropped a 4,2']);
  });

  it('drops nothing when let go off the map, and ignores other pointers and buttons', () => {
    const { tray, seen } = trayOn();
    tray.down(pointer(200, 0, 1, 2), 'a');
    expect(tray.press).toBeNull();
    tray.down(pointer(200), 'a');
    tray.move(pointer(50, 0, 2));
    tray.up(pointer(50, 0, 2));
    expect(tray.press?.id).toBe('a');
    tray.move(pointer(150));
    tray.up(pointer(150));
    expect(seen).toEqual(['no drag', 'no drag']);
  });

  it('lets go of the token when the pointer is cancelled', () => {
    const { tray, seen } = trayOn();
    tray.down(pointer(200), 'a');
    tray.move(pointer(50));
    tray.cancel();
    expect(tray.press).toBeNull();
    expect(seen).toEqual(['drag a 5,0', 'no drag']);
  });
});
