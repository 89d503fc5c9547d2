import { Logger } from '@nestjs/common';
import { createClient } from 'redis';

export function newRedisClient(url: string) {
  return createClient({ url });
}

export type RedisClient = ReturnType<typeof newRedisClient>;
export interface RedisPair {
  pub: RedisClient;
  sub: RedisClient;
}

const logger = new Logger('Redis');

/** The publisher and subscriber connections the socket.io Redis adapter needs. */
export async function connectRedis(url: string): Promise<RedisPair> {
  const pub = newRedisClient(url);
  const sub = newRedisClient(url);
  // Without a listener an 'error' event would crash the process; the client reconnects by itself.
  for (const client of [pub, sub]) client.on('error', (error: Error) => logger.warn(error.message));
  await Promise.all([pub.connect(), sub.connect()]);
  return { pub, sub };
}

export async function closeRedis(pair: RedisPair): Promise<void> {
  await Promise.allSettled([pair.pub.close(), pair.sub.close()]);
}
