import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { request, type TestUser } from './factories.js';
import { requestFrom } from './from-address.js';
import type { TestServer } from './test-server.js';

/**
 * The concurrency class of the fuzzer and the security matrix (issue 28): every limit a client can
 * run into, sent as one burst of the same request at once. Small limits, so a burst is quick.
 */
export const BURST_ENV = {
  LOGIN_ATTEMPTS_PER_ACCOUNT_ADDRESS: '3',
  LOGIN_ATTEMPTS_PER_ADDRESS: '100000',
  REGISTRATIONS_PER_HOUR: '4',
  REVIEW_COMMENTS_PER_MINUTE: '5',
  REVIEW_VIEWS_PER_MINUTE: '6',
  REVIEW_MEDIA_PER_MINUTE: '7',
  GENERATIONS_PER_MINUTE: '8',
} as const;

/** What a burst may use: the server, a user with a project, a live review link, a socket of the user. */
export interface BurstWorld {
  server: Pick<TestServer, 'url'>;
  owner: TestUser;
  projectId: string;
  shotId: string;
  reviewToken: string;
  socket: () => Promise<Socket>;
}

export interface LimitedCell {
  name: string;
  limit: number;
  /** What the limit counts per: a burst from a fresh address (or a fresh account) starts at zero. */
  per: 'address' | 'account and address' | 'user';
  send(world: BurstWorld, address: string, index: number): Promise<{ status: number; code?: string }>;
}

const limit = (variable: keyof typeof BURST_ENV) => Number(BURST_ENV[variable]);

async function viaHttp(
  url: string,
  address: string,
  body: unknown,
  method = 'POST',
): Promise<{ status: number; code?: string }> {
  const answer = await requestFrom(url, address, body, { method });
  return {
    status: answer.status,
    ...(typeof answer.body.code === 'string' ? { code: answer.body.code } : {}),
  };
}

/** The limited routes and actions, each with the request a burst repeats. */
export function limitedCells(): LimitedCell[] {
  return [
    {
      name: 'auth.login (wrong password, one account)',
      limit: limit('LOGIN_ATTEMPTS_PER_ACCOUNT_ADDRESS'),
      per: 'account and address',
      send: (world, address, index) =>
        viaHttp(`${world.server.url}/api/auth/login`, address, {
          email: world.owner.email,
          password: `wrong guess ${index}`,
        }),
    },
    {
      name: 'auth.register',
      limit: limit('REGISTRATIONS_PER_HOUR'),
      per: 'address',
      send: (world, address) => {
        const name = randomUUID().slice(0, 8);
        return viaHttp(`${world.server.url}/api/auth/register`, address, {
          email: `burst-${name}@example.com`,
          username: `burst_${name}`,
          password: 'a long enough passphrase',
        });
      },
    },
    {
      name: 'review.comment',
      limit: limit('REVIEW_COMMENTS_PER_MINUTE'),
      per: 'address',
      send: (world, address, index) =>
        viaHttp(`${world.server.url}/api/review/${world.reviewToken}/comments`, address, {
          authorName: 'Burst',
          body: `note ${index}`,
          timeMs: index,
        }),
    },
    {
      name: 'review.view',
      limit: limit('REVIEW_VIEWS_PER_MINUTE'),
      per: 'address',
      send: (world, address) =>
        viaHttp(`${world.server.url}/api/review/${world.reviewToken}`, address, undefined, 'GET'),
    },
    {
      name: 'review.shotMedia',
      limit: limit('REVIEW_MEDIA_PER_MINUTE'),
      per: 'address',
      send: (world, address) =>
        viaHttp(
          `${world.server.url}/api/files/review/${world.reviewToken}/shots/${world.shotId}/image`,
          address,
          undefined,
          'GET',
        ),
    },
    {
      name: 'shot:generate-batch',
      limit: limit('GENERATIONS_PER_MINUTE'),
      per: 'user',
      send: async (world) => {
        const answer = await request<{ success: boolean; code?: string; statusCode?: number }>(
          await world.socket(),
          'shot:generate-batch',
          { projectId: world.projectId, staleOnly: true },
        );
        return answer.body.success
          ? { status: 200 }
          : { status: answer.body.statusCode ?? 0, ...(answer.body.code ? { code: answer.body.code } : {}) };
      },
    },
  ];
}

/**
 * `size` copies of the cell's request at once from `address`: how many passed the limit, and what
 * was wrong (a refusal that is not 429 RATE_LIMIT_ERROR, a 5xx, more passing than the limit).
 */
export async function burst(
  cell: LimitedCell,
  world: BurstWorld,
  address: string,
  size: number,
): Promise<{ passed: number; problems: string[] }> {
  const answers = await Promise.all(
    Array.from({ length: size }, (_, index) => cell.send(world, address, index)),
  );
  const problems: string[] = [];
  const refused = answers.filter((answer) => answer.status === 429);
  for (const answer of answers) {
    if (answer.status >= 500) problems.push(`${cell.name}: ${answer.status} ${answer.code ?? ''}`);
  }
  for (const answer of refused)
    if (answer.code !== 'RATE_LIMIT_ERROR') problems.push(`${cell.name}: 429 with ${answer.code}`);
  const passed = answers.length - refused.length;
  if (passed > cell.limit)
    problems.push(`${cell.name}: ${passed} of ${size} passed a limit of ${cell.limit}`);
  if (size > cell.limit && refused.length === 0) problems.push(`${cell.name}: nothing refused`);
  return { passed, problems };
}
