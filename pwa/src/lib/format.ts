// Dates and numbers as screens show them.

/** As the admin lists show dates: short and locale-aware ("Jan 12, 2025"). */
export function shortDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** How long ago, in words a reader takes in at a glance ("just now", "5 min ago", "3 h ago"). */
export function timeAgo(ms: number, now = Date.now()): string {
  const minutes = Math.round((now - ms) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return new Date(ms).toLocaleDateString();
}

const COUNT_FORMAT = new Intl.NumberFormat('en-US');
/** Counts with thousands separators ("2,000"). */
export function formatCount(n: number): string {
  return COUNT_FORMAT.format(n);
}

/** "1 article", "3 articles". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
