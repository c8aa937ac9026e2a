/**
 * Whether the side panel (players' screen, what happened, dice) shows beside a fight's map. It
 * folds away so the map keeps the room; the GM's choice holds from fight to fight while the app runs.
 */
export const sidePanel = $state({ open: false });
