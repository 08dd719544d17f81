// The study sync spaces of the scripted server (scripted-server.ts), kept as the backend's store
// keeps them (backend/src/modules/study/space-store.ts): a space per id opened by its credential,
// writes numbered 1, 2, 3… (a write's records share its number) with a record's replaced change
// dropped at once (the backend drops it when it compacts the space: the case that is hardest on a
// device, kept here always), pages of whole writes, deletions kept as tombstones,
// a quota that refuses a growing write whole, and removal answered with 410 from then on.
import { STUDY_LIMITS } from '@fw/contracts/study-limits';

interface Change {
  seq: number;
  rid: string;
  data?: string;
  deleted?: true;
}

interface Space {
  credential: string;
  changes: Change[];
  removed: boolean;
}

interface SpaceCall {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
  credential: string | null;
}

type Reply = { status: number; body: Record<string, unknown> };

export const SCRIPTED_SPACE_MESSAGES = {
  LOCKED: 'These sync words do not open a sync space.',
  REMOVED: 'This sync space was removed from every device. Link this device with the new words.',
  FULL: 'Your sync space is full. Nothing of this change was sent, and this device keeps everything.',
} as const;

const refuse = (status: number, code: string, message: string): Reply => ({ status, body: { success: false, code, message } });

export class ScriptedSpaces {
  spaces = new Map<string, Space>();
  /** Live records a space may hold (the real quota is STUDY_LIMITS.QUOTA_RECORDS). */
  quotaRecords: number = STUDY_LIMITS.QUOTA_RECORDS;
  /** Records in one page of the feed (whole writes, at least one). */
  pageSize: number = STUDY_LIMITS.PAGE_MAX_CHANGES;
  private seqs = new Map<string, number>();

  private usage(space: Space) {
    const records = space.changes.filter((c) => c.data !== undefined).length;
    const bytes = space.changes.reduce((sum, c) => sum + (c.data?.length ?? 0), 0);
    return { bytes, records, quotaBytes: STUDY_LIMITS.QUOTA_BYTES, quotaRecords: this.quotaRecords };
  }

  apply(call: SpaceCall): Reply {
    const url = new URL(call.path, 'http://localhost');
    const [id, tail] = url.pathname.replace('/api/study/spaces/', '').split('/');
    const space = this.spaces.get(id!);
    if (call.method === 'PUT' && !tail) {
      if (!space) {
        this.spaces.set(id!, { credential: call.credential ?? '', changes: [], removed: false });
        return { status: 200, body: { success: true, usage: this.usage(this.spaces.get(id!)!) } };
      }
    }
    if (!space || space.credential !== call.credential) return refuse(401, 'SPACE_LOCKED', SCRIPTED_SPACE_MESSAGES.LOCKED);
    if (space.removed) return refuse(410, 'SPACE_REMOVED', SCRIPTED_SPACE_MESSAGES.REMOVED);
    if (call.method === 'PUT') return { status: 200, body: { success: true, usage: this.usage(space) } };
    if (call.method === 'DELETE') {
      space.removed = true;
      return { status: 200, body: { success: true, message: 'The sync space was removed from every device.' } };
    }
    if (call.method === 'POST' && tail === 'records') return this.write(id!, space, call.body?.records as Omit<Change, 'seq'>[]);
    if (call.method === 'GET' && tail === 'changes') {
      const after = Number(url.searchParams.get('after') ?? 0);
      const top = this.seqs.get(id!) ?? 0;
      const later = space.changes.filter((c) => c.seq > after).sort((a, b) => a.seq - b.seq);
      let end = after;
      let count = 0;
      for (let seq = after + 1; seq <= top; seq++) {
        const ofWrite = later.filter((c) => c.seq === seq).length;
        if (count > 0 && count + ofWrite > this.pageSize) break;
        count += ofWrite;
        end = seq;
      }
      const changes = later.filter((c) => c.seq <= end);
      return { status: 200, body: { success: true, changes, cursor: end, hasMore: end < top } };
    }
    return refuse(404, 'NO_SUCH_ROUTE', `No such call ${call.path}`);
  }

  /** Writes records into a space as a device would, without a request (a record from elsewhere). */
  plant(id: string, records: Omit<Change, 'seq'>[]): void {
    this.write(id, this.spaces.get(id)!, records);
  }

  /**
   * Writes records into a space as one write, leaving the earlier changes of the same records in
   * place: the backend keeps them until it compacts the space, so a later page may delete a record
   * an earlier page brought.
   */
  append(id: string, records: Omit<Change, 'seq'>[]): void {
    const seq = (this.seqs.get(id) ?? 0) + 1;
    const space = this.spaces.get(id)!;
    for (const record of records) space.changes.push({ seq, rid: record.rid, ...(record.data !== undefined ? { data: record.data } : { deleted: true }) });
    this.seqs.set(id, seq);
  }

  private write(id: string, space: Space, records: Omit<Change, 'seq'>[]): Reply {
    const grows = records.some((r) => r.data !== undefined);
    const after = new Map<string, Omit<Change, 'seq'>>(space.changes.map((c) => [c.rid, c]));
    for (const r of records) after.set(r.rid, r);
    const live = [...after.values()].filter((c) => c.data !== undefined).length;
    if (grows && live > this.quotaRecords) return refuse(413, 'SPACE_FULL', SCRIPTED_SPACE_MESSAGES.FULL);
    const seq = (this.seqs.get(id) ?? 0) + 1;
    for (const record of new Map(records.map((r) => [r.rid, r])).values()) {
      space.changes = space.changes.filter((c) => c.rid !== record.rid);
      space.changes.push({ seq, rid: record.rid, ...(record.data !== undefined ? { data: record.data } : { deleted: true }) });
    }
    this.seqs.set(id, seq);
    return { status: 200, body: { success: true, cursor: seq, usage: this.usage(space) } };
  }
}
