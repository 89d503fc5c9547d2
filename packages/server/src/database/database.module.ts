import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { type DatabaseTarget, dataSourceOptions, type EntityList } from './data-source.js';

/** Injection token of the DatabaseTarget: which database this server runs on, and where. */
export const DATABASE_TARGET = Symbol('DatabaseTarget');

@Module({})
export class DatabaseModule {}

/** TypeORM on the target with the given entities (migrations run at start-up), global to every module. */
export function databaseModule(target: DatabaseTarget, entities: EntityList): DynamicModule {
  return {
    module: DatabaseModule,
    global: true,
    imports: [
      TypeOrmModule.forRoot({ ...dataSourceOptions(target, entities), retryAttempts: 2, retryDelay: 1_000 }),
    ],
    providers: [{ provide: DATABASE_TARGET, useValue: target }],
    exports: [DATABASE_TARGET],
  };
}
