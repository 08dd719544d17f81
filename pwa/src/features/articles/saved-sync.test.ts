// @vitest-environment node
// Bookmarks and reading places travel through a study sync space like highlights and notes
// (features/study/study-sync.test.ts): an unsaved article stays unsaved on every device.
import { describe, expect, it, vi } from 'vitest';
import { db } from '../../db/db.ts';
import type { ScriptedServer } from '../../../test/scripted-server.ts';
import { asDevice, studyRound, studySyncDevices } from '../../../test/devices.ts';
import { createSpace, linkSpace } from '../../sync/study-space/space.ts';
import { toggleSaved } from './use-saved.ts';
import { saveReadingPlace } from './use-reading-place.ts';

const ARTICLE = { _id: '64f0000000000000000000a1', title: 'Love is patient' };
const T0 = Date.UTC(2026, 0, 5, 8);

let server: ScriptedServer;
studySyncDevices(T0, (started) => (server = started));


const at = (minutes: number) => vi.setSystemTime(T0 + minutes * 60_000);
const spaceCalls = () => server.calls.filter((c) => c.path.startsWith('/api/study/'));

describe('saved articles and reading places', () => {
  it('a bookmark removed and a reading place moved on one device are so on the other', async () => {
    await asDevice('A');
    await toggleSaved(ARTICLE);
    await saveReadingPlace({ _id: ARTICLE._id, title: ARTICLE.title, position: 0.2, progress: 0.3 });
    const words = await createSpace();
    await studyRound();
    await asDevice('B');
    await linkSpace(words.join(' '));
    await studyRound();
    expect(await db.saved.get(ARTICLE._id)).toBeDefined();
    // Linking sent back none of what it had just received.
    expect(spaceCalls().filter((c) => c.method === 'POST')).toHaveLength(1);
    await asDevice('A');
    at(3);
    await toggleSaved(ARTICLE);
    await saveReadingPlace({ _id: ARTICLE._id, title: ARTICLE.title, position: 0.7, progress: 0.8 });
    await studyRound();
    await asDevice('B');
    await studyRound();
    expect(await db.saved.get(ARTICLE._id)).toBeUndefined();
    expect(await db.reading.get(ARTICLE._id)).toMatchObject({ position: 0.7, progress: 0.8 });
  });
});
