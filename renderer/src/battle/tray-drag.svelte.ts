// The pointer on the tray of those not on the map yet, for both battle maps: a press of a token
// that hardly moves is a press of its button, one that moves drags the token onto the map.
import type { Id, Point } from '../../../engine/index';
import { dragOf, startPress, type TrayPress } from './tray-press';

/** What the battle map does with the tray's pointer: where it is over the map, and the outcomes. */
export interface TrayMap {
  /** Where a pointer on the page is on the map, or null when it isn't over the map. */
  overMap(event: PointerEvent): Point | null;
  /** The dragged token is over the map at `at`, or (null) not over it, or no longer dragged. */
  dragTo(drag: { id: Id; at: Point; pointerId: number } | null): void;
  /** The token's button was pressed, not dragged: the map asks where to put them. */
  pressed(id: Id): void;
  /** The token was dragged and let go over the map at `at`. */
  dropped(id: Id, at: Point): void;
}

/** The press on the tray now, and the handlers its buttons take. */
export class TrayDrag {
  /** The press on a token in the tray, while the pointer is held. */
  press = $state<TrayPress | null>(null);

  constructor(private readonly map: TrayMap) {}

  down = (event: PointerEvent, id: Id): void => {
    this.press = startPress(event, id) ?? this.press;
  };

  move = (event: PointerEvent): void => {
    const press = dragOf(this.press, event);
    if (!press) return;
    this.press = press;
    const at = this.map.overMap(event);
    // Over the map, the token follows the pointer there; elsewhere only the cursor says it is held.
    this.map.dragTo(at ? { id: press.id, at, pointerId: event.pointerId } : null);
  };

  up = (event: PointerEvent): void => {
    const press = this.press;
    if (!press || press.pointerId !== event.pointerId) return;
    this.press = null;
    this.map.dragTo(null);
    if (!press.moved) {
      this.map.pressed(press.id);
      return;
    }
    const at = this.map.overMap(event);
    if (at) this.map.dropped(press.id, at);
  };

  cancel = (): void => {
    this.press = null;
    this.map.dragTo(null);
  };
}
