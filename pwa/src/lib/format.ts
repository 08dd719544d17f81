// Dates and numbers as screens show them.
//
// Nothing here touches Intl until a screen asks for a date: a page's first use of Intl loads the
// browser's locale data, a task of 83 to 211 ms at 4x CPU on a cold page (measured in chromium
// for a date formatter; a number formatter and toLocaleString cost the same when first), and a
// first visit's first screen shows counts (the sync's progress, the device panel) but no list
// dates.

// One formatter for every date a list shows: toLocaleDateString makes a new one each call, and
// My notes drawing a hundred items spent most of a 120 ms task (4x CPU) doing that.
let mediumDate: Intl.DateTimeFormat | undefined;

/** As the lists show dates: short and locale-aware ("Jan 12, 2025"); '' for no date. */
export function shortDate(at: string | number): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  mediumDate ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
  return mediumDate.format(date);
}

/**
 * Counts with thousands separators, as the screens' English writes them ("2,000"), rounded to a
 * whole number. Written here rather than with Intl.NumberFormat for the first use's cost (above);
 * a count needs only the grouping.
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const digits = String(Math.round(Math.abs(n)));
  // Past 1e21 String() writes an exponent, which is no count a screen shows.
  const grouped = /e/.test(digits) ? digits : digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 && digits !== '0' ? `-${grouped}` : grouped;
}

/** "1 article", "3 articles". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/**
 * A size in megabytes as the device panel writes it ("1.1 MB"), the unit joined to its number by a
 * no-break space so a line never ends between them ("(1.0" and "MB)." in the footer's column).
 */
export function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)}\u00a0MB`;
}
