import type { EntityManager } from 'typeorm';
import type { SaleLineTracked } from '@pos/contracts';
import { invalid } from './tracked-stock';

/**
 * A serial unit named on an approved, not yet shipped transfer is held for it (docs/decisions/
 * 0118): a sale taking it is refused with the transfer's number. The transfers module's lines are
 * read here, as the serial lookup reads the sales'. Called by the sale right after it took its
 * units: the sale holds their rows, so an approval waiting on them finds them sold, and an
 * approval that committed first is seen here.
 */
export async function assertUnitsNotOnTransfer(
  m: EntityManager,
  lines: readonly { field: string; variantId: string }[],
  tracked: readonly (SaleLineTracked | null)[],
): Promise<void> {
  const units = lines.flatMap((line, i) =>
    (tracked[i]?.serials ?? []).map((u, index) => ({ line, index, ...u })),
  );
  if (!units.length) return;
  const [held]: { number: string; code: string; variant_id: string }[] = await m.query(
    `SELECT r.number, u->>'serial' AS code, l.variant_id
       FROM transfer_request_lines l JOIN transfer_requests r ON r.id = l.transfer_id
       CROSS JOIN LATERAL jsonb_array_elements(l.tracked->'serials') u
      WHERE r.state = 'approved' AND l.variant_id = ANY($1::uuid[]) AND u->>'serial' = ANY($2::text[])
      LIMIT 1`,
    [
      [...new Set(units.map((u) => u.line.variantId))],
      units.flatMap((u) => (u.imei2 ? [u.serial, u.imei2] : [u.serial])),
    ],
  );
  if (!held) return;
  const unit = units.find(
    (u) => u.line.variantId === held.variant_id && [u.serial, u.imei2].includes(held.code),
  )!;
  throw invalid('validation.tracking.saleSerialOnTransfer', {
    field: `${unit.line.field}.serials.${unit.index}`,
    serial: held.code,
    number: held.number,
  });
}
