import Decimal from 'decimal.js';
import type { EntityManager } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { HttpStatus } from '@nestjs/common';
import { quantityFitsUnit, type TransferLineInputDto } from '@pos/contracts';
import { AppException, Errors } from '../../../core/errors/app.exception';

/** One line per variant: the same item scanned twice adds up (decimal arithmetic, 3 places). */
export function mergeLines(
  lines: TransferLineInputDto[],
): { variantId: string; quantity: string }[] {
  const out = new Map<string, Decimal>();
  for (const l of lines)
    out.set(l.variantId, (out.get(l.variantId) ?? new Decimal(0)).plus(l.quantity));
  return [...out].map(([variantId, q]) => ({ variantId, quantity: q.toFixed(3) }));
}

export async function insertLines(
  m: EntityManager,
  transferId: string,
  lines: { variantId: string; quantity: string }[],
) {
  const ids = lines.map((l) => l.variantId);
  const found: { id: string; unit: string; name_ar: string }[] = await m.query(
    'SELECT v.id, p.unit, p.name_ar FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = ANY($1)',
    [ids],
  );
  if (found.length !== ids.length) throw Errors.notFound();
  // Counted goods move in whole numbers (issue 11).
  const byId = new Map(found.map((v) => [v.id, v]));
  for (const l of lines) {
    const v = byId.get(l.variantId)!;
    if (!quantityFitsUnit(v.unit, Number(l.quantity)))
      throw new AppException('QUANTITY_NOT_WHOLE', HttpStatus.BAD_REQUEST, { name: v.name_ar });
  }
  await m.query(
    `INSERT INTO transfer_request_lines (id, transfer_id, line_no, variant_id, quantity)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::uuid[], $5::numeric[])`,
    [
      lines.map(() => uuidv7()),
      lines.map(() => transferId),
      lines.map((_, i) => i + 1),
      ids,
      lines.map((l) => l.quantity),
    ],
  );
}
