// A lesson's texts stay plain text (the administrator edits them as typed); their citations are
// kept beside them as offsets, and the app draws the links from those (never markup in the text).
// Found on the citation threads (scripture-pool.ts) before anything of the lesson is written.
import { lessonFromFields, type LessonFields, type LessonScripture, type LessonTextKey } from '@fw/contracts';
import { SCRIPTURE_MESSAGES, type ScripturePool } from './scripture-pool.ts';

const TEXT_KEYS: LessonTextKey[] = ['R', 'R1', 'R2', 'R3', 'R4'];

/** The citations of many lessons in one job (an import), in the order given. */
export async function lessonsScripture(
  list: readonly LessonFields[],
  pool: ScripturePool,
  tooMuch: (budgetMs: number) => string = SCRIPTURE_MESSAGES.LESSONS_TOO_MUCH,
): Promise<LessonScripture[]> {
  const lessons = list.map((fields) => lessonFromFields(fields));
  const found = await pool.find(
    lessons.flatMap((lesson) => TEXT_KEYS.map((key) => lesson[key] ?? '')),
    tooMuch,
  );
  return lessons.map((_, i) => {
    const scripture: LessonScripture = {};
    TEXT_KEYS.forEach((key, j) => {
      const citations = found[i * TEXT_KEYS.length + j]!;
      if (citations.length) scripture[key] = citations;
    });
    return scripture;
  });
}

export async function lessonScripture(fields: LessonFields, pool: ScripturePool): Promise<LessonScripture> {
  return (await lessonsScripture([fields], pool, SCRIPTURE_MESSAGES.LESSON_TOO_MUCH))[0]!;
}
