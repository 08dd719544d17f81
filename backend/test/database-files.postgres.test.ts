// FerretDB over PostgreSQL keeps its data as private as on SQLite; in the backend suite's
// PostgreSQL run only (vitest.config.ts). As root the cluster runs as `postgres`, which must pass
// through the folders above its own: they are opened to that account alone, never to everyone
// (scripts/lib/private-files.mjs); the cluster's files are 0600 in 0700 folders; FerretDB's socket
// is refused to other local accounts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFerretOnPostgres } from '../../scripts/lib/postgres.mjs';
import { connectAs, listenersOf, openToOthers, socketPathOf, tcpListenPorts } from './db-socket.ts';

const AS_ROOT = process.getuid?.() === 0;

describe('FerretDB on a cluster of its own', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-db-files-'));
  const stops: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('opens no folder to everyone, keeps every file private, and refuses other accounts', async () => {
    const dataDir = path.join(dir, 'nested', 'site');
    const site = await startFerretOnPostgres({ dataDir });
    stops.push(() => site.stop());

    // The folders above the cluster: nothing for others (the cluster's account may pass as root).
    for (const folder of [dir, path.join(dir, 'nested'), dataDir]) {
      expect((fs.statSync(folder).mode & 0o007).toString(8), folder).toBe('0');
    }
    // Everything of the cluster and of FerretDB: 0600 files in 0700 folders.
    expect(openToOthers(path.join(dataDir, 'postgres'))).toEqual([]);
    expect(openToOthers(path.join(dataDir, 'ferretdb-pg'))).toEqual([]);

    const socketPath = socketPathOf(site.uri);
    expect(socketPath).toBe(path.join(dataDir, 'ferretdb-pg', 'run', 'ferretdb.sock'));
    expect(listenersOf(socketPath!)).toEqual([site.pid]);
    expect(tcpListenPorts(site.pid!)).toEqual([]);
    if (AS_ROOT) {
      const stranger = connectAs('nobody', site.uri);
      expect(stranger.listed).toBeNull();
      expect(stranger.error).toMatch(/EACCES/);
    }
  });
});
