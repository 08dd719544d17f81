// The one clock. In development `?today=YYYY-MM-DD` pins the date (the seeded worship schedule
// is for 2025).

function todayFromQuery(): Date | null {
  if (!import.meta.env.DEV || typeof location === 'undefined') return null;
  const value = new URLSearchParams(location.search).get('today');
  const match = value && /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12) : null;
}

export function now(): Date {
  return todayFromQuery() ?? new Date();
}
