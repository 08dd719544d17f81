// Where the embedded database listens: a Unix socket in a 0700 folder of the user running the
// site, checked before a start (a crashed run's socket is removed, a live one stops the start) and
// after it (the socket that answers must be the new FerretDB's own). Plain Node, no dependencies.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { makePrivateDir } from './private-files.mjs';

/** Unix socket paths longer than this do not fit the kernel's address (108 bytes on Linux). */
const MAX_SOCKET_PATH = 100;

/** Whether something accepts connections at `target` (net.connect's options: a port or a path). */
export function accepts(target) {
  return new Promise((resolve) => {
    const socket = net.connect(target);
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Whether something accepts connections on the Unix socket at `socketPath`. */
export const socketAccepts = (socketPath) => accepts({ path: socketPath });

/**
 * Whether the listening Unix socket at `socketPath` is one of process `pid`'s own (Linux: its
 * inode in /proc/net/unix among the process's open files). True where /proc cannot tell.
 */
export function socketOwnedBy(socketPath, pid) {
  let table;
  try {
    table = fs.readFileSync('/proc/net/unix', 'utf8');
  } catch {
    return true;
  }
  const inodes = new Set(
    table
      .split('\n')
      // Seven columns, then the path (which may hold spaces).
      .map((line) => /^\s*(?:\S+\s+){6}(\S+)\s+(.*)$/.exec(line))
      .filter((m) => m?.[2] === socketPath)
      .map((m) => m[1]),
  );
  try {
    return fs
      .readdirSync(`/proc/${pid}/fd`)
      .some((fd) => {
        try {
          const link = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
          return inodes.has(link.slice('socket:['.length, -1));
        } catch {
          return false;
        }
      });
  } catch {
    return false;
  }
}

/**
 * Where FerretDB of `dataDir` listens: `<dataDir>/run/ferretdb.sock` (a 0700 folder of this user:
 * no other local account can connect), or a private temporary folder when that path is too long
 * for a socket address.
 */
export function socketPathFor(dataDir) {
  const inData = path.join(path.resolve(dataDir), 'run', 'ferretdb.sock');
  if (Buffer.byteLength(inData) <= MAX_SOCKET_PATH) {
    makePrivateDir(path.dirname(inData));
    return inData;
  }
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fw-ferretdb-')), 'ferretdb.sock');
}

/**
 * Clears the way for FerretDB's socket: a socket left by a run that crashed (nothing accepts on
 * it) is removed; a live one means a FerretDB already serves these files, and two on the same
 * SQLite files would corrupt them: that, and anything that is not a socket, stops the start.
 */
export async function clearSocketPath(socketPath, dataDir) {
  let stat;
  try {
    stat = fs.lstatSync(socketPath);
  } catch {
    return;
  }
  if (!stat.isSocket()) {
    throw new Error(`${socketPath} is not a socket; remove it before starting the database.`);
  }
  if (await socketAccepts(socketPath)) {
    throw new Error(
      `A database server already listens on ${socketPath} (the data in ${dataDir}): ` +
        'stop that one (another `npm start` of this folder?) before starting again.',
    );
  }
  fs.rmSync(socketPath, { force: true });
}
