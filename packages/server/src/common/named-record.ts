/** A stored record with a name and a description: a project or a series. */
export interface NamedRecordEntity {
  id: string;
  name: string;
  description: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The fields a project and a series answer alike: id, name, description and the timestamps as ISO
 * strings under the contract's snake_case names.
 */
export function namedRecordFields(entity: NamedRecordEntity) {
  return {
    id: entity.id,
    name: entity.name,
    description: entity.description,
    created_at: entity.createdAt.toISOString(),
    updated_at: entity.updatedAt.toISOString(),
  };
}
