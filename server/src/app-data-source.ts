import type { DynamicModule, ForwardReference, Type } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_MODULES } from './app.module';
import { dataSourceOptions } from './core/database/data-source';

type EntityClass = new (...args: never[]) => object;
type ModuleRef = Type | DynamicModule | ForwardReference | Promise<DynamicModule> | undefined;

/**
 * The entities the app's modules register with `TypeOrmModule.forFeature`, found by walking the
 * modules' imports: the set the app's `autoLoadEntities` collects, for a data source outside Nest
 * (the seeds, the TypeORM CLI), with no list to keep. Each `forFeature` provider carries its entity
 * as `targetEntitySchema.target` (@nestjs/typeorm); tests/medium/entities.spec.ts pins that the
 * walk finds exactly the app's entities.
 */
export function appEntities(): EntityClass[] {
  const seen = new Set<unknown>();
  const found = new Set<EntityClass>();
  const visit = (ref: ModuleRef): void => {
    if (!ref || ref instanceof Promise || seen.has(ref)) return;
    seen.add(ref);
    if ('forwardRef' in ref) return visit(ref.forwardRef() as ModuleRef);
    if ('module' in ref) {
      if (ref.module === TypeOrmModule) {
        for (const provider of ref.providers ?? []) {
          const target = (provider as { targetEntitySchema?: { target?: unknown } })
            .targetEntitySchema?.target;
          if (typeof target === 'function') found.add(target as EntityClass);
        }
      }
      for (const child of ref.imports ?? []) visit(child);
      visit(ref.module);
      return;
    }
    for (const child of (Reflect.getMetadata('imports', ref) ?? []) as ModuleRef[]) visit(child);
  };
  for (const module of APP_MODULES) visit(module);
  return [...found];
}

/** A data source with the app's entities, outside Nest. */
export function appDataSource(url: string): DataSource {
  return new DataSource({ ...dataSourceOptions(url), entities: appEntities() });
}
