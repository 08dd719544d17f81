// Registration, login and the admin calls of the product's call table (docs/api.md).
import { z } from 'zod';
import { articleSchema, idRequestSchema } from './articles.ts';
import { adminCountsSchema } from './admin-pages.ts';
import { adminCommentSchema } from './comments.ts';
import { LIMITS, envelope, followsTextRule, objectIdSchema, requiredText, type RouteSpec } from './common.ts';
import { API_PATHS } from './paths.ts';
import { PASSWORD_TOO_LONG_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE, passwordFitsBcrypt } from './password.ts';

const ROLES = ['admin', 'user'] as const;

export const userSchema = z.object({
  _id: objectIdSchema,
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  isApproved: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

const emailSchema = z
  .string({ error: 'Email must be text' })
  .trim()
  .toLowerCase()
  .max(LIMITS.EMAIL_MAX_CHARS, `Email must be at most ${LIMITS.EMAIL_MAX_CHARS} characters`)
  .superRefine(followsTextRule('Email', 'line'))
  .pipe(z.email({ error: 'Enter a valid email address' }));

export const registerRequestSchema = z.strictObject({
  name: requiredText('Name', LIMITS.USER_NAME_MAX_CHARS),
  email: emailSchema,
  // At most what bcrypt reads (password.ts); the register form checks the same rule.
  password: z
    .string({ error: 'Password must be text' })
    .min(LIMITS.PASSWORD_MIN_CHARS, PASSWORD_TOO_SHORT_MESSAGE)
    .refine(passwordFitsBcrypt, PASSWORD_TOO_LONG_MESSAGE),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  password: z
    .string({ error: 'Password must be text' })
    .min(1, 'Password is required')
    .max(LIMITS.PASSWORD_MAX_CHARS, 'Password is too long'),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** Login and registration answer a token when the user may enter the admin area. */
export const authResponseSchema = envelope({ token: z.string().optional() });

export const dashboardDataSchema = z.object({
  totalArticles: z.number().int(),
  totalComments: z.number().int(),
  totalDrafts: z.number().int(),
  recentArticles: z.array(articleSchema),
  /** Every count the admin screens show, kept by the server as changes are applied. */
  counts: adminCountsSchema.optional(),
});
export type DashboardData = z.infer<typeof dashboardDataSchema>;

const userIdRequestSchema = z.strictObject({ userId: objectIdSchema });

export const adminRoutes = {
  register: {
    method: 'POST',
    path: API_PATHS.register,
    admin: false,
    body: registerRequestSchema,
    response: authResponseSchema,
  },
  login: {
    method: 'POST',
    path: API_PATHS.login,
    admin: false,
    body: loginRequestSchema,
    response: authResponseSchema,
  },
  dashboard: {
    method: 'GET',
    path: API_PATHS.dashboard,
    admin: true,
    response: envelope({ dashboardData: dashboardDataSchema }),
  },
  articles: {
    method: 'GET',
    path: API_PATHS.articles,
    admin: true,
    response: envelope({ articles: z.array(articleSchema) }),
  },
  comments: {
    method: 'GET',
    path: API_PATHS.comments,
    admin: true,
    response: envelope({ comments: z.array(adminCommentSchema) }),
  },
  approveComment: {
    method: 'PUT',
    path: API_PATHS.approveComment,
    admin: true,
    body: idRequestSchema,
    response: envelope({}),
  },
  deleteComment: {
    method: 'DELETE',
    path: API_PATHS.deleteComment,
    admin: true,
    body: idRequestSchema,
    response: envelope({}),
  },
  users: {
    method: 'GET',
    path: API_PATHS.users,
    admin: true,
    response: envelope({ users: z.array(userSchema) }),
  },
  deleteUser: {
    method: 'DELETE',
    path: API_PATHS.deleteUser,
    admin: true,
    body: userIdRequestSchema,
    response: envelope({}),
  },
  approveUser: {
    method: 'POST',
    path: API_PATHS.approveUser,
    admin: true,
    body: userIdRequestSchema,
    response: envelope({}),
  },
} as const satisfies Record<string, RouteSpec>;
