// Dates and numbers as screens show them.

/** As the admin lists show dates: short and locale-aware ("Jan 12, 2025"). */
export function shortDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
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
