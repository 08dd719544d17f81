// Data only the user running the site may read: the database's files and sockets live in folders
// of mode 0700 with files of mode 0600, and the database programs start with umask 077 so what
// they make later is private too. Plain Node, no dependencies.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** `umask 077`, then the program itself (same process id: `exec`). Node has no umask option. */
const UMASK_SHELL = ['-c', 'umask 077 && exec "$0" "$@"'];

/** spawn() of `command` with umask 077: every file or socket it makes is its owner's only. */
export function spawnPrivate(command, args, options = {}) {
  return spawn('/bin/sh', [...UMASK_SHELL, command, ...args], options);
}

/** spawnSync() of `command` with umask 077. */
export function spawnSyncPrivate(command, args, options = {}) {
  return spawnSync('/bin/sh', [...UMASK_SHELL, command, ...args], options);
}

/**
 * Makes `dir` (and missing folders above it) with mode 0700 and checks it is a real folder owned by
 * `owner` (default: this process's user), so nobody else can have put it, or a link, there.
 */
export function makePrivateDir(dir, owner = process.getuid?.()) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = fs.lstatSync(dir);
  if (!stat.isDirectory()) throw new Error(`${dir} must be a folder, not a link or a file.`);
  if (owner !== undefined && stat.uid !== owner) {
    throw new Error(`${dir} belongs to another user (uid ${stat.uid}); it must be this user's own folder.`);
  }
  if ((stat.mode & 0o777) !== 0o700) fs.chmodSync(dir, 0o700);
}

/**
 * Takes group and others' access away from everything under `dir` (folders 0700, files 0600):
 * data written before the database ran with umask 077 was readable by every local account.
 */
export function lockDown(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) lockDown(full);
    const mode = fs.lstatSync(full).mode & 0o777;
    if (mode & 0o077) fs.chmodSync(full, mode & 0o700);
  }
  const mode = fs.statSync(dir).mode & 0o777;
  if (mode & 0o077) fs.chmodSync(dir, mode & 0o700);
}

/** Whether `user` ({ uid, gid }) may enter the folder with this stat. */
function canEnter(stat, user) {
  if (stat.uid === user.uid) return (stat.mode & 0o100) !== 0;
  if (stat.gid === user.gid) return (stat.mode & 0o010) !== 0;
  return (stat.mode & 0o001) !== 0;
}

/**
 * Lets `user` (PostgreSQL's `postgres` account when started as root) pass through every folder
 * above `dir`, and nobody else: a folder it cannot enter, and whose group has no rights in it,
 * gets `user`'s group with enter-only rights (g=x). Others gain nothing, so private folders stay
 * private (opening them to others, o+x, would let every account reach the files beneath).
 * A folder whose group already has rights is not taken from that group: then this throws.
 */
export function letUserThrough(dir, user) {
  for (let p = path.dirname(path.resolve(dir)); p !== path.dirname(p); p = path.dirname(p)) {
    const stat = fs.statSync(p);
    if (canEnter(stat, user)) continue;
    if ((stat.mode & 0o070) !== 0) {
      throw new Error(
        `PostgreSQL runs as uid ${user.uid} and cannot enter ${p}: give it the right to enter that ` +
          'folder (e.g. setfacl -m u:postgres:x), or keep the data in a folder it can reach.',
      );
    }
    fs.chownSync(p, stat.uid, user.gid);
    fs.chmodSync(p, (stat.mode & 0o777) | 0o010);
  }
}
