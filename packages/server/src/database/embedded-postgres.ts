import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedPostgresOptions {
  /** The PGlite data directory; created on the first start. */
  dataDir: string;
  /** A `dumpDataDir()` tarball to start a NEW data directory from (the test harness uses a migrated one). */
  seedFile?: string;
}

/**
 * PGlite served over the Postgres wire protocol on loopback, so TypeORM and pg reach it like any
 * server. Exactly one connection: more than one connection to PGlite loses writes (measured).
 */
export class EmbeddedPostgres {
  private constructor(
    private readonly db: PGlite,
    private readonly server: PGLiteSocketServer,
    readonly host: string,
    readonly port: number,
  ) {}

  static async start(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
    const isNew = !existsSync(path.join(options.dataDir, 'PG_VERSION'));
    await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
    const loadDataDir =
      isNew && options.seedFile !== undefined ? new Blob([await readFile(options.seedFile)]) : undefined;
    const db = await PGlite.create(options.dataDir, loadDataDir === undefined ? {} : { loadDataDir });
    const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1', maxConnections: 1 });
    try {
      await server.start();
    } catch (error) {
      await db.close();
      throw error;
    }
    const [host = '127.0.0.1', port = ''] = server.getServerConn().split(':');
    return new EmbeddedPostgres(db, server, host, Number(port));
  }

  /** A tarball of the data directory, to start other data directories from (`seedFile`). */
  async dump(): Promise<Buffer> {
    const file = await this.db.dumpDataDir('none');
    return Buffer.from(await file.arrayBuffer());
  }

  /** Closes the socket server first, so no query arrives while PGlite flushes and closes. */
  async stop(): Promise<void> {
    await this.server.stop();
    await this.db.close();
  }
}
