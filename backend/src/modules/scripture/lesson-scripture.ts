// A lesson's texts stay plain text (the administrator edits them as typed); their citations are
// kept beside them as offsets, and the app draws the links from those (never markup in the text).
import { lessonFromFields, type LessonFields, type LessonScripture, type LessonTextKey } from '@fw/contracts';
import { citationsIn } from './citations.ts';

const TEXT_KEYS: LessonTextKey[] = ['R', 'R1', 'R2', 'R3', 'R4'];

export function lessonScripture(fields: LessonFields): LessonScripture {
  const lesson = lessonFromFields(fields);
  const scripture: LessonScripture = {};
  for (const key of TEXT_KEYS) {
    const citations = citationsIn(lesson[key] ?? '');
    if (citations.length) scripture[key] = citations;
  }
  return scripture;
}
