// Reading the picture the GM picks in a file field, for both map editors: a zone map's background
// and the picture under a grid map. The field waits while it reads; a refusal says why.
import type { MapBackground, Result } from '../../../engine/index';
import { importPicked } from './background';

type Picked = Event & { currentTarget: HTMLInputElement };

/** What the editor does with a picture: show or clear its message, and take the picture read. */
export interface PictureTaker {
  message(text: string | null): void;
  read(picture: MapBackground): void;
}

export class PictureImport {
  /** A picture is being read: the field (or its button) waits. */
  busy = $state(false);

  constructor(
    private readonly taker: PictureTaker,
    private readonly importer: (event: Picked) => Promise<Result<MapBackground> | null> = importPicked,
  ) {}

  pick = async (event: Picked): Promise<void> => {
    this.busy = true;
    this.taker.message(null);
    const read = await this.importer(event);
    this.busy = false;
    if (!read) return;
    if (!read.ok) {
      this.taker.message(read.message);
      return;
    }
    this.taker.read(read.value);
  };
}
