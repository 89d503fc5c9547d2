import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { User } from '@reelbench/sdk/contract';
import type { Request } from 'express';
import { unauthenticated } from '../common/domain-error.js';
import { IS_PUBLIC } from '../common/route.decorator.js';
import { type Authenticated, AuthService } from './auth.service.js';

export type AuthenticatedRequest = Request & { auth?: Authenticated };

/** `Authorization: Bearer <token>` → the token, else undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

function authOf(context: ExecutionContext): Authenticated {
  const auth = context.switchToHttp().getRequest<AuthenticatedRequest>().auth;
  if (auth === undefined) throw unauthenticated();
  return auth;
}

/** The signed-in user of an HTTP request (routes behind the guard only). */
export const CurrentUser = createParamDecorator(
  (_: unknown, context: ExecutionContext): User => authOf(context).user,
);

/** The user and the hash of the token the request came with (logout revokes that token). */
export const CurrentSession = createParamDecorator(
  (_: unknown, context: ExecutionContext): Authenticated => authOf(context),
);

/** Global guard: a valid bearer token unless the route is @Public(). */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly auth: AuthService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic || context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerToken(request.headers.authorization);
    if (token === undefined) throw unauthenticated();
    request.auth = await this.auth.authenticate(token);
    return true;
  }
}
