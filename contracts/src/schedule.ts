// The weekly Family Worship lessons: the served shape, the admin calls that change them, and the
// rules a lesson must meet (real date, a title unless it is a Broadcast week, plain text, limits).
import { z } from 'zod';
import { LIMITS, envelope, followsTextRule, objectIdSchema, type RouteSpec, type TextKind } from './common.ts';
import { formatLessonDate, isoDay, type Lesson, type LessonFields } from './lessons.ts';
import type { LineProblem } from './lesson-csv.ts';
import { API_PATHS } from './paths.ts';

export * from './lessons.ts';
export * from './lesson-csv.ts';

export const lessonSchema: z.ZodType<Lesson> = z.object({
  _id: z.string().optional(),
  date: z.string().optional(),
  version: z.number().int().optional(),
  D: z.string(),
  T: z.string(),
  R: z.string(),
  T1: z.string().optional(),
  R1: z.string().optional(),
  T2: z.string().optional(),
  R2: z.string().optional(),
  T3: z.string().optional(),
  R3: z.string().optional(),
  T4: z.string().optional(),
  R4: z.string().optional(),
  scripture: z
    .record(z.string(), z.array(z.object({ at: z.number(), end: z.number(), osis: z.string() })))
    .optional(),
});

export const scheduleResponseSchema = envelope({ lessons: z.array(lessonSchema) });

// Plain text: shown as text, never as markup, so markup in it is a mistake worth telling about.
const MARKUP = /<\/?[a-z!][^>]*>/i;

/** Titles are one line, texts may hold line breaks; both follow the text rule (text-rule.ts). */
function plainText(label: string, maxChars: number, kind: TextKind) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(maxChars, `${label} must be at most ${maxChars} characters`)
    .refine((v) => !MARKUP.test(v), `${label} must be plain text (no HTML tags)`)
    .superRefine(followsTextRule(label, kind));
}

export const LESSON_RULE_MESSAGES = {
  DATE: 'Date must be a real calendar date, written 2026-01-09 or “January 9, 2026”',
  TITLE_REQUIRED: 'Title is required (unless it is a Broadcast week)',
  BROADCAST_EMPTY: 'A Broadcast week has no text and no extra topics',
  EXTRA_TITLE_REQUIRED: 'An extra topic needs a title',
  IMPORT_TEXT_REQUIRED: 'Text is required: a lesson with a title has its text (a Broadcast week is the title “Broadcast” and no text)',
} as const;

const lessonShape = {
  _id: objectIdSchema.optional(),
  date: z
    .string({ error: LESSON_RULE_MESSAGES.DATE })
    .trim()
    .refine((v) => !Number.isNaN(isoDay(v)), LESSON_RULE_MESSAGES.DATE),
  broadcast: z.boolean({ error: 'Broadcast must be true or false' }).default(false),
  title: plainText('Title', LIMITS.LESSON_TITLE_MAX_CHARS, 'line').default(''),
  text: plainText('Text', LIMITS.LESSON_TEXT_MAX_CHARS, 'multiline').default(''),
  extras: z
    .array(
      z.strictObject({
        title: plainText('Extra topic title', LIMITS.LESSON_TITLE_MAX_CHARS, 'line').refine(
          (v) => v !== '',
          LESSON_RULE_MESSAGES.EXTRA_TITLE_REQUIRED,
        ),
        text: plainText('Extra topic text', LIMITS.LESSON_TEXT_MAX_CHARS, 'multiline').default(''),
      }),
      { error: 'extras must be a list of { title, text }' },
    )
    .max(LIMITS.LESSON_EXTRA_TOPICS_MAX, `at most ${LIMITS.LESSON_EXTRA_TOPICS_MAX} extra topics`)
    .default([]),
};

type ShapeOutput = LessonFields & { _id?: string };

function lessonRules(value: ShapeOutput, ctx: z.RefinementCtx) {
  if (value.broadcast && (value.text !== '' || value.extras.length > 0)) {
    ctx.addIssue({ code: 'custom', path: ['broadcast'], message: LESSON_RULE_MESSAGES.BROADCAST_EMPTY });
  }
  if (!value.broadcast && value.title === '') {
    ctx.addIssue({ code: 'custom', path: ['title'], message: LESSON_RULE_MESSAGES.TITLE_REQUIRED });
  }
}

/** A lesson to add or edit (`POST /api/lessons/save`). */
export const lessonInputSchema = z
  .strictObject({
    ...lessonShape,
    /** The version an edit was based on; a stale one is refused with 409. */
    version: z.number().int().min(0).optional(),
  })
  .superRefine(lessonRules);
export type LessonInputParsed = z.output<typeof lessonInputSchema>;

/** A row pasted from a spreadsheet with a title and an empty text cell is a row cut short (a
 * column lost, a cell not copied), not a lesson: it is named before anything is stored. */
function importRowRules(value: ShapeOutput, ctx: z.RefinementCtx) {
  lessonRules(value, ctx);
  if (!value.broadcast && value.title !== '' && value.text === '') {
    ctx.addIssue({ code: 'custom', path: ['text'], message: LESSON_RULE_MESSAGES.IMPORT_TEXT_REQUIRED });
  }
}

/** One row of an import: a new lesson, with the line it came from. */
const lessonImportRowSchema = z
  .strictObject({
    ...lessonShape,
    line: z.number().int().min(1).optional(),
  })
  .superRefine(importRowRules);
export type LessonImportRowParsed = z.output<typeof lessonImportRowSchema>;

export const saveLessonRequestSchema = z.strictObject({ lesson: z.unknown() });
export const importLessonsRequestSchema = z.strictObject({
  lessons: z
    .array(z.unknown(), { error: 'lessons must be a list of rows' })
    .min(1, 'there are no lessons to import')
    .max(LIMITS.LESSON_IMPORT_MAX_ROWS, `at most ${LIMITS.LESSON_IMPORT_MAX_ROWS} lessons in one import`),
});
export const deleteLessonRequestSchema = z.strictObject({ id: objectIdSchema });

/** Every problem of a lesson, each as "field: message" a person can act on. */
export function lessonProblems(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') return `unexpected field ${issue.keys.join(', ')}`;
    const message = issue.message.startsWith('Invalid input') ? 'is missing or not valid' : issue.message;
    const field = issue.path.map(String).join('.');
    // Messages name their field already ("Title is required"); others get it put in front.
    return field && !message.toLowerCase().startsWith(field.split('.')[0]!.toLowerCase()) ? `${field} ${message}` : message;
  });
}

/** An import's rows all checked: the valid ones, and every problem by line. */
export function checkImportRows(rows: readonly unknown[]): {
  lessons: (LessonImportRowParsed & { line: number })[];
  problems: LineProblem[];
} {
  const lessons: (LessonImportRowParsed & { line: number })[] = [];
  const problems: LineProblem[] = [];
  const lineOfDate = new Map<string, number>();
  rows.forEach((row, index) => {
    const fallbackLine = index + 1;
    const result = lessonImportRowSchema.safeParse(row);
    const line = result.success ? (result.data.line ?? fallbackLine) : lineOf(row, fallbackLine);
    if (!result.success) {
      for (const message of lessonProblems(lessonImportRowSchema, row)) problems.push({ line, message });
      return;
    }
    const earlier = lineOfDate.get(result.data.date);
    if (earlier !== undefined) {
      problems.push({ line, message: `${formatLessonDate(result.data.date)} is also on line ${earlier}: one lesson per date` });
      return;
    }
    lineOfDate.set(result.data.date, line);
    lessons.push({ ...result.data, line });
  });
  return { lessons, problems };
}

function lineOf(row: unknown, fallback: number): number {
  const line = (row as { line?: unknown } | null)?.line;
  return typeof line === 'number' && Number.isInteger(line) && line >= 1 ? line : fallback;
}

/** "Line 4: title is required; Line 9: …" for a message. */
export function describeLineProblems(problems: readonly LineProblem[]): string {
  return problems.map((p) => `Line ${p.line}: ${p.message}`).join('; ');
}

const lessonResponseSchema = envelope({ lesson: lessonSchema });
const importLessonsResponseSchema = envelope({ lessons: z.array(lessonSchema) });

export const scheduleRoutes = {
  schedule: {
    method: 'GET',
    path: API_PATHS.schedule,
    admin: false,
    response: scheduleResponseSchema,
  },
  saveLesson: {
    method: 'POST',
    path: API_PATHS.saveLesson,
    admin: true,
    body: saveLessonRequestSchema,
    response: lessonResponseSchema,
  },
  deleteLesson: {
    method: 'DELETE',
    path: API_PATHS.deleteLesson,
    admin: true,
    body: deleteLessonRequestSchema,
    response: envelope({}),
  },
  importLessons: {
    method: 'POST',
    path: API_PATHS.importLessons,
    admin: true,
    body: importLessonsRequestSchema,
    response: importLessonsResponseSchema,
  },
} as const satisfies Record<string, RouteSpec>;
