// The embedded database has no accounts, so only the user running the site may reach it: FerretDB
// listens on a Unix socket in a 0700 folder of that user and on no TCP port (scripts/lib/db.mjs),
// a start never talks to a server it did not start itself, and its files are 0600 in 0700 folders.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startFerret } from '../../scripts/lib/db.mjs';
import { connectAs, listenersOf, openToOthers, socketPathOf, tcpListenPorts } from './db-socket.ts';

const AS_ROOT = process.getuid?.() === 0;

async function countIn(uri: string, collection: string): Promise<number> {
  const client = new MongoClient(`${uri}files`, { serverSelectionTimeoutMS: 10_000 });
  try {
    return await client.db().collection(collection).countDocuments();
  } finally {
    await client.close();
  }
}

async function insertInto(uri: string, collection: string, count: number) {
  const client = new MongoClient(`${uri}files`, { serverSelectionTimeoutMS: 10_000 });
  try {
    await client.db().collection(collection).insertMany(Array.from({ length: count }, (_, i) => ({ i })));
  } finally {
    await client.close();
  }
}

describe('the database of the tests (as npm start runs it)', () => {
  it('refuses another local account, and serves no TCP port', () => {
    const uri = inject('mongoUri');
    // Another account on this machine, with the driver, as a stranger would try it.
    if (AS_ROOT) {
      const stranger = connectAs('nobody', uri);
      expect(stranger.listed, 'the account nobody listed the databases').toBeNull();
      expect(stranger.error).toMatch(/EACCES/);
    }
    const socketPath = socketPathOf(uri);
    expect(socketPath, `a Unix socket, not ${uri}`).not.toBeNull();
    const folder = fs.statSync(path.dirname(socketPath!));
    expect(folder.mode & 0o777).toBe(0o700);
    expect(folder.uid).toBe(process.getuid?.());
    const [ferret, ...others] = listenersOf(socketPath!);
    expect(ferret, 'the process listening on the socket').toBeDefined();
    expect(others).toEqual([]);
    expect(tcpListenPorts(ferret!)).toEqual([]);
  });
});

describe('starting FerretDB on its data folder', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-db-access-'));
  const stops: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('replaces the socket a crashed run left behind, and serves the same data', async () => {
    const dataDir = path.join(dir, 'crashed');
    const first = await startFerret({ dataDir });
    await insertInto(first.uri, 'kept', 3);
    // A crash: nothing removes the socket file.
    process.kill(first.pid!, 'SIGKILL');
    await first.stop();
    expect(fs.lstatSync(first.socketPath).isSocket()).toBe(true);

    const second = await startFerret({ dataDir });
    stops.push(() => second.stop());
    expect(second.socketPath).toBe(first.socketPath);
    expect(listenersOf(second.socketPath)).toEqual([second.pid]);
    expect(await countIn(second.uri, 'kept')).toBe(3);
  });

  it('refuses to start where another server already listens, naming it, and leaves that server alone', async () => {
    const dataDir = path.join(dir, 'taken');
    fs.mkdirSync(path.join(dataDir, 'run'), { recursive: true, mode: 0o700 });
    const socketPath = path.join(dataDir, 'run', 'ferretdb.sock');
    let connections = 0;
    const other = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => other.listen(socketPath, resolve));
    stops.push(() => new Promise((resolve) => other.close(resolve)));
    await expect(startFerret({ dataDir })).rejects.toThrow(`A database server already listens on ${socketPath}`);
    // The check itself may knock once; nobody used it as the database, and it still serves.
    expect(connections).toBeLessThanOrEqual(1);
    expect(fs.lstatSync(socketPath).isSocket()).toBe(true);
    expect(other.listening).toBe(true);
  });

  it('refuses a file that is not a socket where the socket goes', async () => {
    const dataDir = path.join(dir, 'file');
    fs.mkdirSync(path.join(dataDir, 'run'), { recursive: true, mode: 0o700 });
    fs.writeFileSync(path.join(dataDir, 'run', 'ferretdb.sock'), 'not a socket');
    await expect(startFerret({ dataDir })).rejects.toThrow('ferretdb.sock is not a socket; remove it');
  });

  it('keeps the data 0600 in 0700 folders, also files an older run left readable', async () => {
    const dataDir = path.join(dir, 'modes');
    const first = await startFerret({ dataDir });
    await insertInto(first.uri, 'private', 2);
    expect(openToOthers(dataDir)).toEqual([]);
    await first.stop();
    // As an older start left them: folders 0755, files 0644.
    const loosen = (p: string) => {
      const stat = fs.lstatSync(p);
      if (stat.isDirectory()) {
        fs.chmodSync(p, 0o755);
        for (const entry of fs.readdirSync(p)) loosen(path.join(p, entry));
      } else if (stat.isFile()) fs.chmodSync(p, 0o644);
    };
    loosen(dataDir);
    expect(openToOthers(dataDir)).not.toEqual([]);

    const second = await startFerret({ dataDir });
    stops.push(() => second.stop());
    expect(openToOthers(dataDir)).toEqual([]);
    await insertInto(second.uri, 'more', 2);
    expect(await countIn(second.uri, 'private')).toBe(2);
    expect(openToOthers(dataDir)).toEqual([]);
  });
});
