import { DataSource } from 'typeorm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases.js';
import { useTestServer } from './support/harness.js';

interface ColumnRow {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
}

describe.each(testDatabases())('schema on %s', (database) => {
  const { server } = useTestServer({ database });

  let dataSource: DataSource;

  const columns = () =>
    server.query<ColumnRow>(
      `SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
       WHERE table_schema = 'public' ORDER BY table_name, column_name`,
    );

  beforeAll(async () => {
    dataSource = server.app.get(DataSource);
  });

  it('maps every column of every table to an entity with the same type and nullability', async () => {
    const rows = await columns();
    const entityTables = dataSource.entityMetadatas.map((entity) => entity.tableName);
    expect([...new Set(rows.map((row) => row.table_name))].sort()).toEqual(
      [...entityTables, 'migrations'].sort(),
    );
    const database = new Map(rows.map((row) => [`${row.table_name}.${row.column_name}`, row]));
    const mapped = new Set<string>();
    for (const entity of dataSource.entityMetadatas) {
      for (const column of entity.columns) {
        const key = `${entity.tableName}.${column.databaseName}`;
        const row = database.get(key);
        expect(row, key).toBeDefined();
        expect(row?.data_type, key).toBe(dataSource.driver.normalizeType(column));
        expect(row?.is_nullable, key).toBe(column.isNullable ? 'YES' : 'NO');
        mapped.add(key);
      }
    }
    const unmapped = [...database.keys()].filter((key) => !mapped.has(key) && !key.startsWith('migrations.'));
    expect(unmapped).toEqual([]);
  });

  it('enforces what the entities cannot: case-insensitive unique emails and asset types', async () => {
    await server.query(
      "INSERT INTO users (email, username, password_hash) VALUES ('Dup@Example.com', 'a', 'x')",
    );
    await expect(
      server.query("INSERT INTO users (email, username, password_hash) VALUES ('dup@example.com', 'b', 'x')"),
    ).rejects.toThrow(/users_email_lower_key/);
    await expect(
      server.query(
        "INSERT INTO assets (owner_id, type, name) SELECT id, 'spaceship', 'x' FROM users WHERE email = 'Dup@Example.com'",
      ),
    ).rejects.toThrow(/check constraint/);
  });

  it('has reversible migrations: all the way down leaves no table, up brings the same schema back', async () => {
    const before = await columns();
    const [applied] = await server.query<{ n: number }>('SELECT count(*)::int AS n FROM migrations');
    expect(applied?.n).toBe(dataSource.migrations.length);
    for (let undone = 0; undone < dataSource.migrations.length; undone += 1) {
      await dataSource.undoLastMigration({ transaction: 'each' });
    }
    const emptied = await columns();
    expect([...new Set(emptied.map((row) => row.table_name))]).toEqual(['migrations']);
    await dataSource.runMigrations({ transaction: 'each' });
    expect(await columns()).toEqual(before);
  });
});
