// The daily texts' calls: the public window read the devices sync from, and the admin calls
// (save, delete, import), with the rules a daily text must meet.
import { z } from 'zod';
import { envelope, followsTextRule, type RouteSpec, type TextKind } from './common.ts';
import { DAILY_LIMITS, formatDailyDate, type DailyText } from './daily.ts';
import { isoDay } from './lessons.ts';
import type { LineProblem } from './lesson-csv.ts';
import { API_PATHS } from './paths.ts';

export * from './daily.ts';

export const DAILY_RULE_MESSAGES = {
  DATE: 'Date must be a real calendar date, written 2026-11-27 or “November 27, 2026”',
  REFERENCE_REQUIRED: 'Reference is required: the passage of the day, like “Psalm 23:1”',
  NOT_A_REFERENCE: 'Reference must name one Bible passage, like “John 3:16” or “Psalm 23:1-3”',
  COMMENT_REQUIRED: 'Comment is required: a few sentences about the passage',
  WINDOW: `to must be a date on or after from, at most ${DAILY_LIMITS.WINDOW_MAX_DAYS} days later`,
} as const;

const MARKUP = /<\/?[a-z!][^>]*>/i;

function plainText(label: string, maxChars: number, kind: TextKind, required: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, required)
    .max(maxChars, `${label} must be at most ${maxChars} characters`)
    .refine((v) => !MARKUP.test(v), `${label} must be plain text (no HTML tags)`)
    .superRefine(followsTextRule(label, kind));
}

const dateSchema = z
  .string({ error: DAILY_RULE_MESSAGES.DATE })
  .trim()
  .refine((v) => !Number.isNaN(isoDay(v)), DAILY_RULE_MESSAGES.DATE);

const dailyShape = {
  date: dateSchema,
  reference: plainText('Reference', DAILY_LIMITS.REFERENCE_MAX_CHARS, 'line', DAILY_RULE_MESSAGES.REFERENCE_REQUIRED),
  comment: plainText('Comment', DAILY_LIMITS.COMMENT_MAX_CHARS, 'multiline', DAILY_RULE_MESSAGES.COMMENT_REQUIRED),
};

/** A daily text to add or edit (`POST /api/daily/save`). */
export const dailyInputSchema = z.strictObject({
  ...dailyShape,
  /** The version an edit was based on; absent for a new text. A stale one is refused with 409. */
  version: z.number().int().min(0).optional(),
});
export type DailyInputParsed = z.output<typeof dailyInputSchema>;

const dailyImportRowSchema = z.strictObject({ ...dailyShape, line: z.number().int().min(1).optional() });
export type DailyImportRowParsed = z.output<typeof dailyImportRowSchema> & { line: number };

export const saveDailyRequestSchema = z.strictObject({ dailyText: z.unknown() });
export const deleteDailyRequestSchema = z.strictObject({
  date: dateSchema,
  /** The version the delete was based on: a text changed meanwhile is not deleted blindly (409). */
  version: z.number().int().min(1).optional(),
});
export const importDailyRequestSchema = z.strictObject({
  dailyTexts: z
    .array(z.unknown(), { error: 'dailyTexts must be a list of rows' })
    .min(1, 'there are no daily texts to import')
    .max(DAILY_LIMITS.IMPORT_MAX_ROWS, `at most ${DAILY_LIMITS.IMPORT_MAX_ROWS} daily texts in one import`),
});

export const dailyWindowQuerySchema = z
  .strictObject({ from: dateSchema, to: dateSchema })
  .refine(({ from, to }) => {
    const days = isoDay(to) - isoDay(from);
    return days >= 0 && days < DAILY_LIMITS.WINDOW_MAX_DAYS;
  }, DAILY_RULE_MESSAGES.WINDOW);

const dailyTextSchema: z.ZodType<DailyText> = z.object({
  date: z.string(),
  reference: z.string(),
  comment: z.string(),
  version: z.number().int(),
  osis: z.string(),
  scripture: z.array(z.object({ at: z.number(), end: z.number(), osis: z.string() })).optional(),
});

function issueText(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return `unexpected field ${issue.keys.join(', ')}`;
  const message = issue.message.startsWith('Invalid input') ? 'is missing or not valid' : issue.message;
  const field = issue.path.map(String).join('.');
  return field && !message.toLowerCase().startsWith(field.toLowerCase()) ? `${field} ${message}` : message;
}

/** An import's rows all checked: the valid ones, and every problem by line (one text per date). */
export function checkDailyImportRows(rows: readonly unknown[]): { rows: DailyImportRowParsed[]; problems: LineProblem[] } {
  const valid: DailyImportRowParsed[] = [];
  const problems: LineProblem[] = [];
  const lineOfDate = new Map<string, number>();
  rows.forEach((row, index) => {
    const result = dailyImportRowSchema.safeParse(row);
    const given = (row as { line?: unknown } | null)?.line;
    const line = typeof given === 'number' && Number.isInteger(given) && given >= 1 ? given : index + 1;
    if (!result.success) {
      for (const issue of result.error.issues) problems.push({ line, message: issueText(issue) });
      return;
    }
    const earlier = lineOfDate.get(result.data.date);
    if (earlier !== undefined) {
      problems.push({ line, message: `${formatDailyDate(result.data.date)} is also on line ${earlier}: one text per date` });
      return;
    }
    lineOfDate.set(result.data.date, line);
    valid.push({ ...result.data, line });
  });
  return { rows: valid, problems };
}

/** Every problem of one daily text as a message a person can act on (the admin form shows them). */
export function dailyProblems(value: unknown): string[] {
  const result = dailyInputSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map(issueText);
}

export const dailyRoutes = {
  dailyTexts: {
    method: 'GET',
    path: API_PATHS.dailyTexts,
    admin: false,
    query: dailyWindowQuerySchema,
    response: envelope({ dailyTexts: z.array(dailyTextSchema) }),
  },
  saveDailyText: {
    method: 'POST',
    path: API_PATHS.saveDailyText,
    admin: true,
    body: saveDailyRequestSchema,
    response: envelope({ dailyText: dailyTextSchema }),
  },
  deleteDailyText: {
    method: 'DELETE',
    path: API_PATHS.deleteDailyText,
    admin: true,
    body: deleteDailyRequestSchema,
    response: envelope({}),
  },
  importDailyTexts: {
    method: 'POST',
    path: API_PATHS.importDailyTexts,
    admin: true,
    body: importDailyRequestSchema,
    response: envelope({ dailyTexts: z.array(dailyTextSchema) }),
  },
} as const satisfies Record<string, RouteSpec>;
