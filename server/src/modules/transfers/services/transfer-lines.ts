import Decimal from 'decimal.js';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../../../core/database/ids';
import { HttpStatus } from '@nestjs/common';
import {
  quantityFitsUnit,
  type TransferLineInputDto,
  type TransferLineTracked,
} from '@pos/contracts';
import { AppException, Errors } from '../../../core/errors/app.exception';
import { checkTransferTracked } from '../../inventory';

/** A request's line: one per variant, with a tracked product's serials or lots. */
export type MergedLine = {
  /** the first request line of the variant, for the messages naming it: `lines.2` */
  field: string;
  variantId: string;
  quantity: string;
  serials?: string[];
  lots?: { lot: string; quantity: number }[];
};

/**
 * One line per variant: the same item scanned twice adds up (decimal arithmetic, 3 places), and
 * so do its serials and lots.
 */
export function mergeLines(lines: TransferLineInputDto[]): MergedLine[] {
  const out = new Map<string, MergedLine>();
  lines.forEach((l, index) => {
    const prev = out.get(l.variantId);
    const serials = [...(prev?.serials ?? []), ...(l.serials ?? [])];
    const lots = [...(prev?.lots ?? []), ...(l.lots ?? [])];
    out.set(l.variantId, {
      field: prev?.field ?? `lines.${index}`,
      variantId: l.variantId,
      quantity: new Decimal(prev?.quantity ?? 0).plus(l.quantity).toFixed(3),
      ...(serials.length ? { serials } : {}),
      ...(lots.length ? { lots } : {}),
    });
  });
  return [...out.values()];
}

/** What the request says of its lines, for the timeline's first step and the audit. */
export const linesSummary = (lines: MergedLine[]) =>
  lines.map(({ variantId, quantity, serials, lots }) => ({ variantId, quantity, serials, lots }));

/**
 * The lines written, after their checks: whole numbers for counted goods (issue 11), and a
 * tracked product's units in stock at the source / lots held there (docs/decisions/0117).
 */
export async function insertLines(
  m: EntityManager,
  transferId: string,
  fromInventoryId: string,
  lines: MergedLine[],
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
  const tracked: (TransferLineTracked | null)[] = await checkTransferTracked(
    m,
    fromInventoryId,
    lines,
  );
  await m.query(
    `INSERT INTO transfer_request_lines (id, transfer_id, line_no, variant_id, quantity, tracked)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::uuid[], $5::numeric[], $6::jsonb[])`,
    [
      lines.map(() => uuidv7()),
      lines.map(() => transferId),
      lines.map((_, i) => i + 1),
      ids,
      lines.map((l) => l.quantity),
      tracked.map((t) => (t ? JSON.stringify(t) : null)),
    ],
  );
}

/** A stored line as the inventory's tracked checks read it (`lines.N` by its line number). */
export const storedLine = (l: {
  line_no: number;
  variant_id: string;
  quantity: string;
  tracked: TransferLineTracked | null;
}) => ({
  field: `lines.${l.line_no - 1}`,
  variantId: l.variant_id,
  quantity: l.quantity,
  serials: l.tracked?.serials?.map((u) => u.serial) ?? null,
  lots: l.tracked?.lots ?? null,
});

/** Each line's tracked units or lots written back (after the shipment, the receipt). */
export async function saveTracked(
  m: EntityManager,
  lines: { id: string }[],
  tracked: (TransferLineTracked | null)[],
) {
  const changed = lines.filter((_, i) => tracked[i]);
  if (!changed.length) return;
  await m.query(
    `UPDATE transfer_request_lines l SET tracked = t.tracked
       FROM unnest($1::uuid[], $2::jsonb[]) AS t(id, tracked) WHERE l.id = t.id`,
    [changed.map((l) => l.id), tracked.filter((t) => t).map((t) => JSON.stringify(t))],
  );
}
