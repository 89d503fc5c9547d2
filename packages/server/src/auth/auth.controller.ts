import { Body, Controller, HttpCode, Req } from '@nestjs/common';
import { type AuthResponse, HTTP_ROUTES, type RouteBody, type User } from '@reelbench/sdk/contract';
import type { Request } from 'express';
import { clientAddress } from '../common/client-address.js';
import { Route } from '../common/route.decorator.js';
import { CurrentSession, CurrentUser } from './auth.guard.js';
import { type Authenticated, AuthService } from './auth.service.js';

const { register, login, me, logout } = HTTP_ROUTES.auth;

@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Route(register)
  async register(@Body() body: RouteBody<typeof register>, @Req() request: Request): Promise<AuthResponse> {
    return { success: true, ...(await this.auth.register(body, clientAddress(request))) };
  }

  @Route(login)
  @HttpCode(200)
  async login(@Body() body: RouteBody<typeof login>, @Req() request: Request): Promise<AuthResponse> {
    return { success: true, ...(await this.auth.login(body, clientAddress(request))) };
  }

  @Route(me)
  me(@CurrentUser() user: User): { user: User } {
    return { user };
  }

  @Route(logout)
  @HttpCode(200)
  async logout(@CurrentSession() session: Authenticated): Promise<{ success: true }> {
    await this.auth.logout(session);
    return { success: true };
  }
}
