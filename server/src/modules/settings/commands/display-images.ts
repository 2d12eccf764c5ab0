import { HttpStatus } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppException } from '../../../core/errors/app.exception';

/**
 * A screen's images are changed one command at a time (its bound and its order hold): the
 * screen's lock, taken first by every display-image command (docs/decisions/0129).
 */
export async function lockScreen(
  m: EntityManager,
  branchId: string | null,
): Promise<{ id: string; position: number }[]> {
  await m.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))', [
    'display_images',
    branchId ?? 'store',
  ]);
  return m.query(
    `SELECT id, position FROM display_images WHERE branch_id IS NOT DISTINCT FROM $1 ORDER BY position, id`,
    [branchId],
  );
}

/** A bad upload or order: a localised 400 naming the field by its label. */
export const displayImageInvalid = (
  key: 'type' | 'order',
  field: string,
  params: Record<string, string | number> = {},
) =>
  new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, [
    { key: `validation.displayImage.${key}`, params: { field, ...params } },
  ]);

/** Positions 1…n in the order of `ids` (a screen's images). */
export async function placeInOrder(m: EntityManager, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await m.query(
    `UPDATE display_images d SET position = o.n
       FROM unnest($1::uuid[]) WITH ORDINALITY AS o(id, n) WHERE d.id = o.id`,
    [ids],
  );
}
