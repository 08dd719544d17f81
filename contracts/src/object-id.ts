// Client-made ObjectIds (architecture: new records keep their id after an offline create).
// 4 bytes of seconds, 5 random bytes, a 3-byte counter: the same layout MongoDB uses.
let counter = Math.floor(Math.random() * 0xffffff);

function hex(value: number, bytes: number): string {
  return value.toString(16).padStart(bytes * 2, '0');
}

export function newObjectId(now: number = Date.now()): string {
  const random = new Uint8Array(5);
  globalThis.crypto.getRandomValues(random);
  counter = (counter + 1) % 0x1000000;
  return (
    hex(Math.floor(now / 1000), 4) +
    Array.from(random, (b) => hex(b, 1)).join('') +
    hex(counter, 3)
  );
}
