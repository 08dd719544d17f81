// Dates as the admin lists show them: a short, locale-aware date ("Jan 12, 2025").
export function shortDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}
