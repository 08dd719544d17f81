// A stand-in connection for code that takes one (the rate limits' window slots): its every
// `collection()` is one real collection, and each call made on it is recorded, method and
// arguments, so a test can count what the code asked of the database.
import type { TestApp } from './harness.ts';

export interface CollectionCall {
  method: string;
  args: unknown[];
}

export function countingConnection(app: TestApp, name: string): { connection: TestApp['connection']; calls: CollectionCall[] } {
  const calls: CollectionCall[] = [];
  const real = app.connection.collection(name);
  const counted = new Proxy(real, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push({ method: String(property), args });
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { connection: { collection: () => counted } as unknown as TestApp['connection'], calls };
}
