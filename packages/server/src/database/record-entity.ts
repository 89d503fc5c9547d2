import { Column, CreateDateColumn, PrimaryGeneratedColumn } from 'typeorm';

/*
 * The columns most tables open with, declared once. TypeORM maps the columns of an abstract class
 * onto every entity that extends it; the tables themselves come from the migrations.
 */

/** A row keyed by a generated uuid, stamped when it is inserted. */
abstract class RecordEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** A row that belongs to a user directly (`owner_id`): a project, a series, an asset, a file. */
export abstract class OwnedEntity extends RecordEntity {
  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId: string;
}

/** A row that belongs to one project (`project_id`, required): a shot, a job, a style package, … */
export abstract class ProjectPartEntity extends RecordEntity {
  @Column({ name: 'project_id', type: 'uuid' })
  projectId: string;
}
