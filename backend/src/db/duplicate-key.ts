// The one atomic check-and-set both FerretDB 1.24 and MongoDB give us: inserting a document whose
// _id already exists fails with E11000. FerretDB 1.24 applies updates without isolation (two
// `updateOne({ _id, version: 3 }, …)` racing can both match, FerretDB/FerretDB#3040), so every
// "only one may win" decision in this backend is made by an insert and this check.
const DUPLICATE_KEY_CODE = 11000;

export function isDuplicateKey(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === DUPLICATE_KEY_CODE
  );
}
