// A stand-in connection for code that takes one (the rate limits' window slots, the key records): its every
// `collection()` is one real collection, and each call made on it is recorded, method and
// arguments, so a test can count what the code asked of the database. `failing` makes chosen calls
// fail as they would with the database away (the call is recorded, the database never sees it).
import mongoose from 'mongoose';
import type { TestApp } from './harness.ts';

export interface CollectionCall {
  method: string;
  args: unknown[];
}

export function countingConnection(
  app: TestApp,
  name: string,
  failing?: (call: CollectionCall) => boolean,
): { connection: TestApp['connection']; calls: CollectionCall[] } {
  const calls: CollectionCall[] = [];
  const real = app.connection.collection(name);
  const counted = new Proxy(real, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const call = { method: String(property), args };
        calls.push(call);
        if (failing?.(call)) return Promise.reject(new mongoose.mongo.MongoNetworkError('connection closed (a test stands in for the database being away)'));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { connection: { collection: () => counted } as unknown as TestApp['connection'], calls };
}
