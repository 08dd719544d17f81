import type { ChildProcess, SpawnOptions, SpawnSyncOptions, SpawnSyncReturns } from 'node:child_process';
export function spawnPrivate(command: string, args: string[], options?: SpawnOptions): ChildProcess;
export function spawnSyncPrivate(command: string, args: string[], options?: SpawnSyncOptions): SpawnSyncReturns<string | Buffer>;
export function makePrivateDir(dir: string, owner?: number): void;
export function lockDown(dir: string): void;
export function letUserThrough(dir: string, user: { uid: number; gid: number }): void;
