// The zone map editor's tools: each with its key and its hint, and the hint shown under the toolbar.

export type EditorTool = 'select' | 'rectangle' | 'polygon' | 'link';

export const EDITOR_TOOLS: readonly { id: EditorTool; label: string; key: string; hint: string }[] = [
  { id: 'select', label: 'Select', key: 'V', hint: 'Click a zone to select it; drag the selected zone or its corners (Alt + drag a corner to pull it away from its neighbours); drag the small dots on its sides to add a corner.' },
  { id: 'rectangle', label: 'Rectangle', key: 'R', hint: 'Drag to draw a rectangle. Pan with the middle button, Space + drag or two fingers.' },
  { id: 'polygon', label: 'Polygon', key: 'P', hint: 'Click to place corners; click the first corner, double-click or press Enter to close; Backspace takes the last corner back, Escape cancels.' },
  { id: 'link', label: 'Link zones', key: 'L', hint: 'Click a zone, then the zone to link it with; choose the kind of link on the right.' },
];

/**
 * The hint under the toolbar: the tool's own, or with the Link tool, the step the link is at
 * (`from` is the zone picked to link from, `to` the one picked to link it with, by name).
 */
export function toolHint(tool: EditorTool, linkStep: 'from' | 'to', from: string | null, to: string | null): string {
  if (tool === 'link' && linkStep === 'to' && from) return `Now click the zone to link ${from} with (or click ${from} again to start over).`;
  if (tool === 'link' && to && from) return `Choose the kind of link between ${from} and ${to} on the right, then Set link.`;
  return EDITOR_TOOLS.find((t) => t.id === tool)?.hint ?? '';
}
