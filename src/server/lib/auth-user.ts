import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * Who is asking: the user behind the request's session, as the auth plugin resolved it
 * (plugins/auth.ts). Lives in lib so services and routes of every tier can name it without importing
 * the HTTP plugin (which imports the auth module: a type-import circle otherwise).
 */
export type AuthUser = {
  id: number;
  email: string;
  username: string;
  /** The role this session acts with: 'admin' only in a session from the admin log-in (actingAs). */
  role: string;
  sessionId: number;
  sessionKind: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** The signed-in user of a route declared 'user' or 'admin'. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Unauthorized');
  return request.user;
}
