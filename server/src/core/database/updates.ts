import type { EntityManager, EntityTarget, FindOptionsWhere } from 'typeorm';
import { Errors } from '../errors/app.exception';

/** The row with this id, locked for the transaction (`FOR UPDATE`); 404 when there is none. */
export async function lockRow<T extends { id: unknown }>(
  m: EntityManager,
  entity: EntityTarget<T>,
  id: T['id'],
): Promise<T> {
  const row = await m.findOne(entity, {
    where: { id } as FindOptionsWhere<T>,
    lock: { mode: 'pessimistic_write' },
  });
  if (!row) throw Errors.notFound();
  return row;
}

/**
 * The fields among `keys` that the DTO sends (undefined leaves one unchanged), text trimmed; a
 * null sent for one of `required` (a field that cannot be empty) changes nothing either.
 */
export function patchOf<D extends object, K extends keyof D>(
  dto: D,
  keys: readonly K[],
  required: readonly PropertyKey[] = [],
): Partial<Pick<D, K>> {
  const patch: Partial<Pick<D, K>> = {};
  for (const key of keys) {
    const value = dto[key];
    if (value === undefined || (value === null && required.includes(key))) continue;
    patch[key] = (typeof value === 'string' ? value.trim() : value) as D[K];
  }
  return patch;
}
