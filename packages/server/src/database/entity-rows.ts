import type { DataSource, EntityMetadata, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';

/**
 * Raw SQL rows (column names, as `RETURNING *` gives them) ↔ an entity's properties, read from the
 * entity's TypeORM metadata. The pg driver already types each value (Date, number, parsed jsonb).
 */
export class EntityRows<T extends ObjectLiteral> {
  private columns: Map<string, ColumnMetadata> | undefined;

  constructor(
    private readonly db: DataSource,
    private readonly entity: new () => T,
  ) {}

  /** A row as Postgres returns it → the entity. */
  fromRow(row: Record<string, unknown>): T {
    const entity: Record<string, unknown> = new this.entity();
    for (const column of this.byProperty().values()) entity[column.propertyName] = row[column.databaseName];
    return entity as T;
  }

  /** The first row as the entity, or null when there is none. */
  first(rows: Record<string, unknown>[]): T | null {
    const [row] = rows;
    return row === undefined ? null : this.fromRow(row);
  }

  /**
   * `"column" = $n, …` for the properties in `values`, numbered from `first`, and their parameters
   * (an UPDATE's SET list).
   */
  assignments(values: Partial<T>, first: number): { sets: string; params: unknown[] } {
    const entries = Object.entries(values);
    const columns = entries.map(([property]) => this.column(property));
    const sets = columns.map((column, i) => `"${column.databaseName}" = $${i + first}`).join(', ');
    // pg sends a JS array as a Postgres array: jsonb values go as JSON text.
    const params = entries.map(([, value], i) =>
      columns[i]?.type === 'jsonb' && value !== null ? JSON.stringify(value) : value,
    );
    return { sets, params };
  }

  column(property: string): ColumnMetadata {
    const column = this.byProperty().get(property);
    if (column === undefined) throw new Error(`${this.entity.name} has no property ${property}`);
    return column;
  }

  private byProperty(): Map<string, ColumnMetadata> {
    this.columns ??= new Map(this.metadata().columns.map((column) => [column.propertyName, column]));
    return this.columns;
  }

  private metadata(): EntityMetadata {
    return this.db.getMetadata(this.entity);
  }
}
