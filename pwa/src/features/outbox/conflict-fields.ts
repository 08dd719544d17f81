// The fields two versions of a record differ in, each with the changed stretch of text found, so
// the conflict panel shows only what differs and marks the difference. Articles and lessons both
// come back in a 409; a lesson write carries form fields, the server's copy the stored shape.
import { htmlToText } from '@fw/contracts/text';
import { categoryOf } from '@fw/contracts/categories';
import { lessonExtras, lessonFromFields, type Lesson, type LessonFields } from '@fw/contracts/lessons';

type Record_ = Record<string, unknown>;

/** One side of a difference: the text before the change, the changed stretch, the text after. */
export interface Side {
  before: string;
  changed: string;
  after: string;
}

export interface FieldDifference {
  label: string;
  mine: Side;
  theirs: Side;
}

/** Characters of unchanged text kept on each side of a change. */
export const CONTEXT_CHARS = 60;

const isLessonWrite = (record: Record_) => typeof record.date === 'string' && !('subtitle' in record);

function articleFields(article: Record_): [string, string][] {
  return [
    ['Title', String(article.title ?? '')],
    ['Subtitle', String(article.subtitle ?? '')],
    ['Category', categoryOf(article.category) || '—'],
    ['Status', article.isPublished ? 'Published' : 'Draft'],
    ['Text', htmlToText(typeof article.content === 'string' ? article.content : '')],
  ];
}

function lessonFieldsOf(lesson: Lesson): [string, string][] {
  return [
    ['Date', lesson.D ?? ''],
    ['Title', lesson.T ?? ''],
    ['Text', lesson.R ?? ''],
    ['Extra topics', lessonExtras(lesson).map((e) => `${e.title}: ${e.text}`).join('\n')],
  ];
}

/** Cuts both texts around their first and last difference (a common prefix and suffix stay out). */
export function markDifference(a: string, b: string): { mine: Side; theirs: Side } {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const side = (text: string): Side => {
    const from = Math.max(0, start - CONTEXT_CHARS);
    const to = text.length - end;
    const after = text.slice(to, to + CONTEXT_CHARS);
    return {
      before: (from > 0 ? '…' : '') + text.slice(from, start),
      changed: text.slice(start, to),
      after: after + (to + CONTEXT_CHARS < text.length ? '…' : ''),
    };
  };
  return { mine: side(a), theirs: side(b) };
}

/** The fields that differ between the admin's version and the server's, in form order. */
export function differingFields(mine: Record_, theirs: Record_): FieldDifference[] {
  const lesson = isLessonWrite(mine);
  const left = lesson ? lessonFieldsOf(lessonFromFields(mine as unknown as LessonFields)) : articleFields(mine);
  const right = lesson ? lessonFieldsOf(theirs as unknown as Lesson) : articleFields(theirs);
  return left.flatMap(([label, value], i) => {
    const other = right[i]![1];
    return value === other ? [] : [{ label, ...markDifference(value, other) }];
  });
}
