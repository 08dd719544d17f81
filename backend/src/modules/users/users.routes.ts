// Registration, login and the admin's user calls of the product's call table (docs/api.md).
// Handlers only validate, call the service and shape the envelope.
import Router from '@koa/router';
import { adminRoutes } from '@fw/contracts';
import { API_PATHS } from '@fw/contracts/paths';
import type { Config } from '../../config.ts';
import type { WriteRouterDeps } from '../router-deps.ts';
import { parseWith } from '../../http/validate.ts';
import { registerEmailRateLimit, registerIpRateLimit } from '../../middleware/rate-limit.ts';
import { loginLimits } from '../../middleware/login-limits.ts';
import { usersService } from './users.service.ts';
import type { PasswordPool } from './password-pool.ts';
import { deadlineOf } from '../../http/deadline.ts';

export interface UsersRouterDeps extends WriteRouterDeps {
  config: Config;
  passwords: PasswordPool;
}

export function usersRouter({ config, connection, passwords, adminWrite }: UsersRouterDeps): Router {
  const router = new Router();
  const users = usersService({ connection, jwtSecret: config.jwtSecret, passwords });
  const limitDeps = { connection, config };
  const limitRegisterEmail = registerEmailRateLimit(limitDeps);

  // Registrations count per address on every attempt, per email once well-formed; login counts
  // failures (login-limits.ts).
  router.post(API_PATHS.register, registerIpRateLimit(limitDeps), async (ctx) => {
    const input = parseWith(adminRoutes.register.body, ctx.request.body);
    await limitRegisterEmail(input.email);
    const result = await users.register(input, deadlineOf(ctx));
    ctx.status = 201;
    ctx.body = { success: true, ...result };
  });

  router.post(API_PATHS.login, loginLimits(limitDeps), async (ctx) => {
    const input = parseWith(adminRoutes.login.body, ctx.request.body);
    ctx.body = { success: true, ...(await users.login(input)) };
  });

  router.delete(API_PATHS.deleteUser, adminWrite, async (ctx) => {
    const { userId } = parseWith(adminRoutes.deleteUser.body, ctx.request.body);
    ctx.body = { success: true, message: await users.remove(userId) };
  });

  router.post(API_PATHS.approveUser, adminWrite, async (ctx) => {
    const { userId } = parseWith(adminRoutes.approveUser.body, ctx.request.body);
    ctx.body = { success: true, message: await users.approve(userId) };
  });

  return router;
}
