// What the server of a sync space may know, and how the rest is hidden from it. Everything comes
// from the space key (space-words.ts) through HKDF-SHA-256 with a label per use, so one key gives:
// - the space id: opaque, the same on every device holding the key;
// - the write credential: sent with every call; the server keeps only its hash, so holding the
//   key is what lets a device read or write, and the server's copy lets nobody in;
// - the record key (AES-GCM, 256 bits) that seals every record;
// - the id key (HMAC-SHA-256) that turns a record's kind and local id into the id the server
//   stores, so the server cannot tell an article's highlight from a preference.
// A sealed record is a fresh 12-byte nonce then the ciphertext. Its associated data is the opaque
// id, and the plain record names its kind and local id, which the opener checks against that id:
// a record moved under another id, or another kind, does not open. Plain records are padded to a
// multiple of PAD_BYTES, so a note's size tells the server little about its length.
// WebCrypto only (every browser the app supports, and Node): no library needed. Here in contracts,
// with no imports, because the server's tests seal records exactly as devices do.

// Made once, not for each use: a link seals or opens thousands of records, each with several
// encodings (in a traced link, the encoding calls were a tenth of the study worker's samples).
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const SALT = encoder.encode('fw-study-space-v1');
const NONCE_BYTES = 12;
const PAD_BYTES = 64;

export interface SpaceKeys {
  spaceId: string;
  credential: string;
  recordKey: CryptoKey;
  idKey: CryptoKey;
}

/** A record as the device knows it: what kind of study data, its local id, and its value. */
export interface PlainRecord<T = unknown> {
  kind: string;
  id: string;
  value: T;
}

export class SealedRecordError extends Error {}

/** Bytes turned into characters this many at a time (an argument list, well under engines' limits). */
const CHARS_AT_ONCE = 8192;

/** The platform's base64 (Uint8Array.prototype.toBase64 and Uint8Array.fromBase64, in current browsers). */
type Base64Bytes = Uint8Array & { toBase64?: (options: { alphabet: 'base64url'; omitPadding: boolean }) => string };
type Base64From = { fromBase64?: (text: string, options: { alphabet: 'base64url' }) => Uint8Array };

// A link opens and seals thousands of records on a phone's main thread: the platform's own base64
// where it has one, else a plain loop (a callback per character, as Uint8Array.from(text, fn)
// takes, was the largest item of a profile of a link).
function base64url(bytes: Uint8Array): string {
  if ((bytes as Base64Bytes).toBase64) return (bytes as Base64Bytes).toBase64!({ alphabet: 'base64url', omitPadding: true });
  let text = '';
  for (let i = 0; i < bytes.length; i += CHARS_AT_ONCE) text += String.fromCharCode(...bytes.subarray(i, i + CHARS_AT_ONCE));
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const from = (Uint8Array as Base64From).fromBase64;
  if (from) return from(text, { alphabet: 'base64url' }) as Uint8Array<ArrayBuffer>;
  const plain = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(plain.length);
  for (let i = 0; i < plain.length; i++) bytes[i] = plain.charCodeAt(i);
  return bytes;
}

const info = (label: string) => encoder.encode(label);

export async function deriveSpaceKeys(key: Uint8Array): Promise<SpaceKeys> {
  const base = await crypto.subtle.importKey('raw', new Uint8Array(key), 'HKDF', false, ['deriveBits', 'deriveKey']);
  const hkdf = (label: string) => ({ name: 'HKDF', hash: 'SHA-256', salt: SALT, info: info(label) });
  const bits = async (label: string) => new Uint8Array(await crypto.subtle.deriveBits(hkdf(label), base, 256));
  const [spaceId, credential, recordKey, idKey] = await Promise.all([
    bits('space id').then((b) => base64url(b.slice(0, 16))),
    bits('write credential').then(base64url),
    crypto.subtle.deriveKey(hkdf('records'), base, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']),
    crypto.subtle.deriveKey(hkdf('record ids'), base, { name: 'HMAC', hash: 'SHA-256', length: 256 }, false, ['sign']),
  ]);
  return { spaceId, credential, recordKey, idKey };
}

/** The id the server keeps for a record: the same for one kind and local id on every device. */
export async function opaqueIdOf(keys: SpaceKeys, kind: string, id: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', keys.idKey, info(`${kind}\n${id}`));
  return base64url(new Uint8Array(mac, 0, 18));
}

function padded(text: string): Uint8Array<ArrayBuffer> {
  const bytes = encoder.encode(text);
  // Spaces after the JSON are ignored by JSON.parse, so the padding needs no length field.
  const out = new Uint8Array(Math.ceil((bytes.length + 1) / PAD_BYTES) * PAD_BYTES).fill(0x20);
  out.set(bytes);
  return out;
}

/** The record sealed under its opaque id: `{ rid, data }`, both safe to give the server. */
export async function sealRecord(keys: SpaceKeys, record: PlainRecord): Promise<{ rid: string; data: string }> {
  const rid = await opaqueIdOf(keys, record.kind, record.id);
  const nonce = crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
  const plain = padded(JSON.stringify({ k: record.kind, i: record.id, v: record.value }));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce, additionalData: info(rid) }, keys.recordKey, plain),
  );
  const data = new Uint8Array(NONCE_BYTES + sealed.length);
  data.set(nonce);
  data.set(sealed, NONCE_BYTES);
  return { rid, data: base64url(data) };
}

/** The record under `rid`; SealedRecordError when it was not sealed by this space for that id. */
export async function openRecord<T = unknown>(keys: SpaceKeys, rid: string, data: string): Promise<PlainRecord<T>> {
  let plain: ArrayBuffer;
  try {
    const bytes = fromBase64url(data);
    plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(0, NONCE_BYTES), additionalData: info(rid) },
      keys.recordKey,
      bytes.subarray(NONCE_BYTES),
    );
  } catch {
    throw new SealedRecordError('a record that this space did not seal');
  }
  const parsed = JSON.parse(decoder.decode(plain)) as { k: string; i: string; v: T };
  if ((await opaqueIdOf(keys, parsed.k, parsed.i)) !== rid) throw new SealedRecordError('a record sealed under another id');
  return { kind: parsed.k, id: parsed.i, value: parsed.v };
}
