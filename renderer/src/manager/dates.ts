/** "23 Nov 2026, 19:05" in the GM's locale, from an ISO timestamp; "—" for none. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '—';
  return at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
