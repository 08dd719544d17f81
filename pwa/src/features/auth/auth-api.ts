// Login and registration: the two calls that give a token.
import type { LoginRequest, RegisterRequest } from '@fw/contracts';
import { api } from '../../lib/api.ts';
import { setToken } from '../../lib/auth.ts';
import { API_PATHS } from '@fw/contracts/paths';

export const LOGIN_SUCCESS_MESSAGE = 'Logged in successfully!';
export const LOGIN_FAILED_MESSAGE = 'Login failed';

export async function login(credentials: LoginRequest): Promise<string> {
  const { data } = await api<{ token?: string; message?: string }>('POST', API_PATHS.login, { body: credentials });
  if (!data.token) throw new Error(data.message || LOGIN_FAILED_MESSAGE);
  setToken(data.token);
  return data.message || LOGIN_SUCCESS_MESSAGE;
}

/** Registers; logs in when the server answers a token (the first account of a fresh install). */
export async function register(form: RegisterRequest): Promise<{ message: string; loggedIn: boolean }> {
  const { data } = await api<{ token?: string; message?: string }>('POST', API_PATHS.register, { body: form });
  if (data.token) setToken(data.token);
  return { message: data.message || 'Registration received.', loggedIn: Boolean(data.token) };
}
