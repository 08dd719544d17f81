// The lists' one order, for the server's read model and the device's lists alike: newest
// `createdAt` first (ISO timestamps compare as text), ties broken by the larger id, as the
// database sort `{ createdAt: -1, _id: -1 }` orders them. No zod here: the PWA imports it as it is.

/** A negative number when (createdAt A, id A) comes first, newest first. */
export function compareNewestFirst(
  createdAtA: string,
  idA: string,
  createdAtB: string,
  idB: string,
): number {
  if (createdAtA !== createdAtB) return createdAtA < createdAtB ? 1 : -1;
  return idA < idB ? 1 : idA > idB ? -1 : 0;
}

/** compareNewestFirst for two records that carry both fields. */
export function newestFirst<T extends { createdAt: string; _id: string }>(a: T, b: T): number {
  return compareNewestFirst(a.createdAt, a._id, b.createdAt, b._id);
}
