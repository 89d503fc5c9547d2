import {
  type AuthResponse,
  loginSchema,
  MESSAGES,
  type Ok,
  ReelbenchError,
  registerSchema,
  type User,
} from '@reelbench/sdk/contract';
import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import { parseInput, UsageError } from '../errors.js';
import { withExamples } from '../help.js';
import { ask, isInteractive, readStdin } from '../input.js';
import type { CommandResult } from '../output.js';

interface PasswordOptions {
  passwordStdin?: boolean;
}

/** --password-stdin, else REELBENCH_PASSWORD, else a hidden prompt on a terminal. */
async function password(ctx: CliContext, options: PasswordOptions): Promise<string> {
  if (options.passwordStdin) return readStdin(ctx.io);
  const fromEnv = ctx.io.env.REELBENCH_PASSWORD;
  if (fromEnv) return fromEnv;
  if (isInteractive(ctx.io)) return ask(ctx.io, 'Password: ', { secret: true });
  throw new UsageError(
    'No password given: pipe it in with --password-stdin, set REELBENCH_PASSWORD or run in a terminal',
  );
}

/** The login is kept with the server it belongs to, so later commands need no --server. */
function signedIn(ctx: CliContext, user: User, verb: string): CommandResult {
  ctx.credentials.setServer(ctx.serverUrl);
  const json: AuthResponse = { success: true, user };
  return { json, text: `${verb} as ${user.username} <${user.email}> on ${ctx.serverUrl}` };
}

async function register(
  ctx: CliContext,
  options: PasswordOptions & { email: string; username: string },
): Promise<CommandResult> {
  const input = parseInput(
    registerSchema,
    { email: options.email, username: options.username, password: await password(ctx, options) },
    MESSAGES.registrationFailed,
  );
  const client = await ctx.client({ persist: true });
  const { user } = await client.auth.register(input);
  if (!user) throw new ReelbenchError({ code: 'AUTH_ERROR', message: MESSAGES.registrationFailed });
  return signedIn(ctx, user, 'Registered and signed in');
}

async function login(ctx: CliContext, options: PasswordOptions & { email: string }): Promise<CommandResult> {
  const input = parseInput(
    loginSchema,
    { email: options.email, password: await password(ctx, options) },
    MESSAGES.loginFailed,
  );
  const client = await ctx.client({ persist: true });
  const { user } = await client.auth.login(input);
  if (!user) throw new ReelbenchError({ code: 'AUTH_ERROR', message: MESSAGES.loginFailed });
  return signedIn(ctx, user, 'Signed in');
}

async function logout(ctx: CliContext): Promise<CommandResult> {
  const client = await ctx.client();
  const json: Ok = { success: true };
  if (!client.auth.token) return { json, text: 'Not signed in' };
  await client.auth.logout();
  return { json, text: `Signed out of ${ctx.serverUrl}` };
}

async function whoami(ctx: CliContext): Promise<CommandResult> {
  const client = await ctx.client();
  if (!client.auth.token)
    throw new ReelbenchError({ code: 'AUTH_ERROR', message: MESSAGES.authenticationRequired });
  const user = await client.auth.me();
  return { json: user, text: `${user.username} <${user.email}> on ${ctx.serverUrl}`, quiet: user.username };
}

const PASSWORD_STDIN = 'read the password from stdin (else REELBENCH_PASSWORD, else a prompt)';

export function registerAuthCommands(program: Command, ctx: CliContext): void {
  withExamples(
    program
      .command('register')
      .description('create an account on the server and sign in')
      .requiredOption('--email <email>', 'your email address')
      .requiredOption('--username <name>', '3 to 40 letters, digits, _ . or -')
      .option('--password-stdin', PASSWORD_STDIN)
      .action(async (options: PasswordOptions & { email: string; username: string }) =>
        ctx.emit(await register(ctx, options)),
      ),
    'reelbench register --email mara@example.com --username mara',
    'printf %s "$PASSWORD" | reelbench register --email mara@example.com --username mara --password-stdin',
  );
  withExamples(
    program
      .command('login')
      .description('sign in and keep the token in the credentials file')
      .requiredOption('--email <email>', 'your email address')
      .option('--password-stdin', PASSWORD_STDIN)
      .action(async (options: PasswordOptions & { email: string }) => ctx.emit(await login(ctx, options))),
    'reelbench login --email mara@example.com',
    'reelbench --server https://reelbench.example.com login --email mara@example.com --password-stdin < pw.txt',
  );
  withExamples(
    program
      .command('logout')
      .description('revoke the token on the server and forget it here')
      .action(async () => ctx.emit(await logout(ctx))),
    'reelbench logout',
  );
  withExamples(
    program
      .command('whoami')
      .description('the signed-in user')
      .action(async () => ctx.emit(await whoami(ctx))),
    'reelbench whoami',
    'reelbench whoami --json',
  );
}
