// What a test needs to see who may reach the embedded database: the socket behind a URI, the
// process listening on it, that process's TCP listeners (Linux /proc), and a connection attempt
// made by another local account.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/proc.mjs';

/** The Unix socket a `mongodb://<percent-encoded path>/db` URI names, or null for a TCP host. */
export function socketPathOf(uri: string): string | null {
  const host = decodeURIComponent(new URL(uri).host);
  return host.startsWith('/') ? host : null;
}

/** Inodes of listening Unix sockets bound to `socketPath` (/proc/net/unix). */
function socketInodes(socketPath: string): Set<string> {
  return new Set(
    fs
      .readFileSync('/proc/net/unix', 'utf8')
      .split('\n')
      // Seven columns, then the path (which may hold spaces).
      .map((line) => /^\s*(?:\S+\s+){6}(\S+)\s+(.*)$/.exec(line))
      .filter((m) => m?.[2] === socketPath)
      .map((m) => m![1]!),
  );
}

/** Socket inodes among the open files of process `pid`. */
function openSocketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  let fds: string[];
  try {
    fds = fs.readdirSync(`/proc/${pid}/fd`);
  } catch {
    return inodes;
  }
  for (const fd of fds) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]!);
    } catch {
      // closed meanwhile
    }
  }
  return inodes;
}

/** The processes that hold the listening socket at `socketPath`. */
export function listenersOf(socketPath: string): number[] {
  const wanted = socketInodes(socketPath);
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    for (const inode of openSocketInodes(Number(entry))) {
      if (wanted.has(inode)) {
        pids.push(Number(entry));
        break;
      }
    }
  }
  return pids;
}

/** The TCP ports process `pid` listens on (IPv4 and IPv6). */
export function tcpListenPorts(pid: number): number[] {
  const own = openSocketInodes(pid);
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // State 0A is LISTEN; column 9 is the socket's inode.
      if (cols[3] === '0A' && own.has(cols[9]!)) ports.push(parseInt(cols[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}

/**
 * Connects to `uri` with the MongoDB driver as the local account `user` (this process must be
 * root) and lists its databases. Resolves to what that account got: the names, or the error.
 */
export function connectAs(user: string, uri: string): { listed: string[] | null; error: string | null } {
  const script = `
    const { MongoClient } = require(process.argv[1]);
    const client = new MongoClient(process.argv[2], { serverSelectionTimeoutMS: 5000 });
    client.db('admin').admin().listDatabases()
      .then((r) => console.log(JSON.stringify({ listed: r.databases.map((d) => d.name), error: null })))
      .catch((e) => console.log(JSON.stringify({ listed: null, error: String(e && e.message) })))
      .finally(() => client.close());`;
  const result = spawnSync(
    'runuser',
    ['-u', user, '--', process.execPath, '-e', script, path.join(ROOT, 'node_modules', 'mongodb'), uri],
    { encoding: 'utf8', timeout: 30_000, cwd: '/' },
  );
  const line = result.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line) as { listed: string[] | null; error: string | null };
  } catch {
    return { listed: null, error: `no answer (exit ${result.status}): ${result.stderr}` };
  }
}

/** Every file and folder under `dir` (itself included) whose mode gives group or others anything. */
export function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (p: string) => {
    const stat = fs.lstatSync(p);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) found.push(`${path.relative(dir, p) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const entry of fs.readdirSync(p)) visit(path.join(p, entry));
  };
  visit(dir);
  return found;
}
