import { HttpStatus } from '@nestjs/common';
import type { CommandTransaction } from '../cqrs/command-transaction';
import { AppException, Errors } from '../errors/app.exception';

/**
 * A `check` for a resource that is a tree (rows with a parent in the same table): the parent must
 * exist, and may be neither the row itself nor one of its descendants. Moves in one table are
 * serialised (two crossing moves could each pass the check alone).
 */
export function noParentCycle(table: string, column = 'parent_id', property = 'parentId') {
  return async (
    tx: CommandTransaction,
    id: string,
    values: Record<string, unknown>,
  ): Promise<void> => {
    const parent = values[property];
    if (!parent) return;
    await tx.m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`tree:${table}`]);
    const [found] = await tx.m.query(
      `WITH RECURSIVE up AS (SELECT id, ${column} AS parent FROM ${table} WHERE id = $1
         UNION ALL SELECT c.id, c.${column} FROM ${table} c JOIN up ON c.id = up.parent)
       SELECT EXISTS (SELECT 1 FROM up WHERE id = $2) AS cycle, EXISTS (SELECT 1 FROM ${table} WHERE id = $1) AS found`,
      [parent, id],
    );
    if (!found.found) throw Errors.notFound();
    if (found.cycle) throw new AppException('CATEGORY_CYCLE', HttpStatus.BAD_REQUEST);
  };
}
