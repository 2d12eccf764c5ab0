import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { uuidv7 } from '../../../core/database/ids';
import {
  buildEtaReceipt,
  etaIssuedAt,
  etaReceiptQr,
  type EReceiptPrintDto,
  etaSaleReceiptInput,
  type EReceiptHoldReason,
  type EtaSaleLine,
  type SaleCompletedEvent,
  type SaleReturnedEvent,
} from '@pos/contracts';
import type { CommandTransaction } from '../../../core/cqrs/command-transaction';
import { DomainEventSubscribers } from '../../../core/cqrs/domain-event-subscribers';
import { companyAddress, type EtaCompanyRow } from '../eta/company';
import { etaHosts } from '../eta/eta-client';
import { sha256Hex } from '../eta/sha';
import { ETA_ITEM_COLUMNS, saleLineRows, type EtaLineRow } from '../services/eta-lines';

/** An invalid receipt's columns that its correction is built from. */
export type ReceiptToReissue = {
  kind: 's' | 'r';
  sale_id: string;
  return_id: string | null;
  branch_id: string;
  uuid: string;
  reference_uuid: string | null;
  receipt_number: string;
  /** 'invalid' (ETA refused it) or 'chain_broken' (a till's receipt held, never sent) */
  status: string;
};

export const ETA_NOTIFY_CHANNEL = 'eta_receipts';

/** A till's own receipt as the sale brought it (issue 32 item 6). */
type DeviceIssue = {
  serial: string;
  uuid: string;
  previousUuid: string;
  dateTimeIssued: string;
  /** the serial is the till's today (pos_devices.eta_pos_serial) */
  serialIsTheDevices: boolean;
};

/**
 * Why a till's receipt cannot be submitted as it is (null: it can): its serial is not the till's,
 * it does not link to the serial's head, or the server's rebuild of it has another UUID.
 */
export function deviceHoldReason(
  d: DeviceIssue,
  head: string,
  rebuilt: string,
): EReceiptHoldReason | null {
  if (!d.serialIsTheDevices) return 'serial';
  if (d.previousUuid !== head) return 'previous_uuid';
  if (d.uuid !== rebuilt) return 'uuid_mismatch';
  return null;
}

type BranchRow = {
  e_receipts_enabled: boolean;
  receipt_pos_serial: string | null;
  tax_branch_number: string | null;
};

/**
 * Every completed sale and return of a branch with e-receipts on issues its ETA receipt inside the
 * sale's transaction: the receipt is built, chained on the POS serial's head row (locked FOR
 * UPDATE, so concurrent registers never fork the chain), stored 'queued', and the submission
 * worker is woken by a NOTIFY that PostgreSQL delivers only if the sale commits. With e-receipts
 * off a sale costs nothing here (its context read the switch); a return, one read of the branch.
 */
@Injectable()
export class IssueEReceiptHandler implements OnModuleInit {
  private readonly logger = new Logger('EReceipts');

  constructor(private readonly subscribers: DomainEventSubscribers) {}

  onModuleInit() {
    this.subscribers.on('sale.completed', ({ payload }, tx) => this.onSale(tx, payload));
    this.subscribers.on('sale.returned', ({ payload }, tx) => this.onReturn(tx, payload));
  }

  private async branch(tx: CommandTransaction, branchId: string): Promise<BranchRow | null> {
    const [b] = (await tx.m.query(
      'SELECT e_receipts_enabled, receipt_pos_serial, tax_branch_number FROM branches WHERE id = $1',
      [branchId],
    )) as BranchRow[];
    return b?.e_receipts_enabled && b.receipt_pos_serial ? b : null;
  }

  private async company(tx: CommandTransaction): Promise<EtaCompanyRow | null> {
    const [c] = (await tx.m.query('SELECT * FROM eta_company WHERE id = 1')) as EtaCompanyRow[];
    return c ?? null;
  }

  private saleLines(tx: CommandTransaction, saleId: string): Promise<EtaLineRow[]> {
    return saleLineRows(tx.m, saleId, 'l.quantity::text AS quantity');
  }

  private returnLines(tx: CommandTransaction, returnId: string): Promise<EtaLineRow[]> {
    return tx.m.query(
      `SELECT ${ETA_ITEM_COLUMNS},
              rl.quantity::text AS quantity, rl.amount::text AS gross,
              rl.amount::text AS line_total, l.vat_rate
         FROM sale_return_lines rl JOIN sale_lines l ON l.id = rl.sale_line_id
         JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
        WHERE rl.return_id = $1 ORDER BY l.line_no`,
      [returnId],
    ) as Promise<EtaLineRow[]>;
  }

  /** The tenders (type and amount) of payments or refunds given by method id. */
  private async tenders(
    tx: CommandTransaction,
    paid: { methodId: string; amount: number }[],
  ): Promise<{ type: string; amount: number }[]> {
    const rows = (await tx.m.query(
      `SELECT pm.id, pm.type FROM payment_methods pm WHERE pm.id = ANY($1::uuid[])`,
      [paid.map((x) => x.methodId)],
    )) as { id: string; type: string }[];
    const typeOf = new Map(rows.map((r) => [r.id, r.type]));
    return paid.map((x) => ({ type: typeOf.get(x.methodId) ?? 'other', amount: x.amount }));
  }

  async onSale(tx: CommandTransaction, s: SaleCompletedEvent): Promise<void> {
    // The sale read the branch's switch with its context: no second look-up when it is off.
    if (s.eReceipts === false) return;
    const branch = await this.branch(tx, s.branchId);
    if (!branch) return;
    const company = await this.company(tx);
    if (!company) return;
    const lines = await this.saleLines(tx, s.saleId);
    const device = s.device?.eReceipt ? await this.deviceReceipt(tx, s) : undefined;
    await this.issue(tx, {
      device,
      kind: 's',
      saleId: s.saleId,
      returnId: null,
      branchId: s.branchId,
      number: device ? (s.device?.receipt ?? s.number) : s.number,
      branch,
      company,
      lines,
      tenders: s.payments.map((p) => ({ type: p.type, amount: p.amount })),
      referenceUuid: null,
      referenceOldUuid: null,
    });
  }

  /**
   * A sale a till completed offline with its own e-receipt (issue 32 item 6): issued on the
   * till's serial with the till's time and number; held when the serial is no longer the till's.
   */
  private async deviceReceipt(tx: CommandTransaction, s: SaleCompletedEvent): Promise<DeviceIssue> {
    const claimed = s.device?.eReceipt as NonNullable<NonNullable<typeof s.device>['eReceipt']>;
    const [d] = (await tx.m.query('SELECT eta_pos_serial FROM pos_devices WHERE id = $1', [
      s.device?.deviceId,
    ])) as { eta_pos_serial: string | null }[];
    return { ...claimed, serialIsTheDevices: d?.eta_pos_serial === claimed.serial };
  }

  async onReturn(tx: CommandTransaction, r: SaleReturnedEvent): Promise<void> {
    const branch = await this.branch(tx, r.branchId);
    if (!branch) return;
    const company = await this.company(tx);
    if (!company) return;
    const [original] = (await tx.m.query(
      `SELECT uuid FROM e_receipts WHERE sale_id = $1 AND kind = 's'
        ORDER BY status = 'invalid', created_at DESC LIMIT 1`,
      [r.saleId],
    )) as { uuid: string }[];
    if (!original) {
      // ETA needs the sale receipt's UUID on a return (FACTS §4.5): a sale from before e-receipts
      // were turned on has none (docs/decisions/)
      this.logger.warn(`return ${r.number}: its sale has no e-receipt; no return receipt issued`);
      return;
    }
    const lines = await this.returnLines(tx, r.returnId);
    const tenders = await this.tenders(tx, r.refunds);
    await this.issue(tx, {
      kind: 'r',
      saleId: r.saleId,
      returnId: r.returnId,
      branchId: r.branchId,
      number: r.number,
      branch,
      company,
      lines,
      tenders,
      referenceUuid: original.uuid,
      referenceOldUuid: null,
    });
  }

  /**
   * A correction of an invalid receipt (FACTS §4.5): a new receipt of the same sale or return,
   * built from today's data (e.g. a fixed item code), chained at the head of the branch's serial,
   * with header.referenceOldUUID = the invalid receipt's UUID. A till's held receipt
   * ('chain_broken', never sent to ETA, docs/decisions/0077) is issued anew the same way, on the
   * branch's serial (the server's own chain: the till's chain is never written behind the till's
   * back), issued now, under the number the customer's paper carries, with no referenceOldUUID (ETA
   * never had the held one); our row still names the one it replaces (reference_old_uuid), which
   * is what makes it once only. Returns the new receipt's id.
   */
  async reissue(tx: CommandTransaction, old: ReceiptToReissue): Promise<string | null> {
    const [b] = (await tx.m.query(
      'SELECT e_receipts_enabled, receipt_pos_serial, tax_branch_number FROM branches WHERE id = $1',
      [old.branch_id],
    )) as BranchRow[];
    const company = await this.company(tx);
    if (!b?.receipt_pos_serial || !company) return null;
    const lines =
      old.kind === 's'
        ? await this.saleLines(tx, old.sale_id)
        : await this.returnLines(tx, old.return_id as string);
    const methods = (await tx.m.query(
      old.kind === 's'
        ? `SELECT method_id, amount FROM sale_payments WHERE invoice_id = $1 AND kind = 'payment'`
        : `SELECT method_id, amount FROM sale_payments WHERE return_id = $1 AND kind = 'refund'`,
      [old.kind === 's' ? old.sale_id : old.return_id],
    )) as { method_id: string; amount: string | number }[];
    return this.issue(tx, {
      kind: old.kind,
      saleId: old.sale_id,
      returnId: old.return_id,
      branchId: old.branch_id,
      number: old.receipt_number,
      branch: b,
      company,
      lines,
      tenders: await this.tenders(
        tx,
        methods.map((x) => ({ methodId: x.method_id, amount: Math.abs(Number(x.amount)) })),
      ),
      referenceUuid: old.reference_uuid,
      referenceOldUuid: old.status === 'chain_broken' ? null : old.uuid,
      replaces: old.uuid,
    });
  }

  private async issue(
    tx: CommandTransaction,
    p: {
      /** a till's own receipt: its serial, time, UUIDs (checked, held when they do not hold) */
      device?: DeviceIssue;
      kind: 's' | 'r';
      saleId: string;
      returnId: string | null;
      branchId: string;
      number: string;
      branch: BranchRow;
      company: EtaCompanyRow;
      lines: EtaLineRow[];
      tenders: { type: string; amount: number }[];
      referenceUuid: string | null;
      referenceOldUuid: string | null;
      /** the receipt this one replaces (our link; in ETA's header only as referenceOldUuid) */
      replaces?: string;
    },
  ): Promise<string | null> {
    const serial = p.device?.serial ?? (p.branch.receipt_pos_serial as string);
    const lines: EtaSaleLine[] = p.lines.map((l) => ({
      sku: l.sku,
      name: l.name,
      etaItemType: l.eta_item_type,
      etaItemCode: l.eta_item_code,
      unit: l.unit,
      quantity: Number(l.quantity),
      grossPiasters: Number(l.gross),
      lineTotalPiasters: Number(l.line_total),
      vatRate: l.vat_rate,
      promotions: l.promotions ?? [],
    }));
    if (!lines.some((l) => l.quantity > 0)) return null;
    // the chain head of this POS serial, locked until the sale commits
    await tx.m.query(
      'INSERT INTO e_receipt_chains (pos_serial) VALUES ($1) ON CONFLICT (pos_serial) DO NOTHING',
      [serial],
    );
    const [head] = (await tx.m.query(
      'SELECT last_uuid, last_seq FROM e_receipt_chains WHERE pos_serial = $1 FOR UPDATE',
      [serial],
    )) as { last_uuid: string; last_seq: number }[];
    const input = etaSaleReceiptInput({
      kind: p.kind,
      // never "in the future" at ETA (clock skew); a till's receipt: the time it printed
      dateTimeIssued: p.device?.dateTimeIssued ?? etaIssuedAt(new Date()),
      receiptNumber: p.number,
      previousUUID: head.last_uuid,
      referenceUUID: p.referenceUuid,
      referenceOldUUID: p.referenceOldUuid,
      issuer: {
        rin: p.company.rin,
        name: p.company.name,
        activityCode: p.company.activity_code,
        address: companyAddress(p.company),
        branchCode: p.branch.tax_branch_number ?? '0',
      },
      serial,
      lines,
      tenders: p.tenders,
    });
    if (!input) return null;
    const built = buildEtaReceipt(input, sha256Hex);
    const seq = head.last_seq + 1;
    const id = uuidv7();
    // A till's receipt: stored under the UUID it printed; submitted only when its link and its
    // UUID check out, else held for a person ('chain_broken', the reason in last_error). The head
    // follows the till either way: its next receipt links to the one it printed.
    const held = p.device ? deviceHoldReason(p.device, head.last_uuid, built.uuid) : null;
    const uuid = p.device?.uuid ?? built.uuid;
    const previousUuid = p.device?.previousUuid ?? head.last_uuid;
    const status = held ? 'chain_broken' : 'queued';
    const [stored] = (await tx.m.query(
      `WITH r AS (
         INSERT INTO e_receipts (id, kind, sale_id, return_id, branch_id, pos_serial, chain_seq, receipt_number,
                                 uuid, previous_uuid, reference_uuid, date_time_issued, total_amount, json, status, reference_old_uuid, last_error)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $16, $15, $17)
         RETURNING date_time_issued, total_amount::text AS total_amount),
       chain AS (UPDATE e_receipt_chains SET last_uuid = $9, last_seq = $7, updated_at = now() WHERE pos_serial = $6)
       SELECT date_time_issued, total_amount FROM r`,
      [
        id,
        p.kind,
        p.saleId,
        p.returnId,
        p.branchId,
        serial,
        seq,
        p.number,
        uuid,
        previousUuid,
        p.referenceUuid,
        JSON.parse(built.json).header.dateTimeIssued,
        built.totalAmount,
        built.json,
        p.referenceOldUuid ?? p.replaces ?? null,
        status,
        held,
      ],
    )) as { date_time_issued: string; total_amount: string }[];
    // a sale's receipt goes back with the sale's answer: the till prints its UUID and QR at once
    // (as GET /api/E-receipts/sale/{id} gives them)
    if (p.kind === 's' && !p.replaces)
      tx.answer.eReceipt = {
        id,
        kind: p.kind,
        returnId: null,
        uuid,
        status,
        dateTimeIssued: stored.date_time_issued,
        totalAmount: stored.total_amount,
        issuerRin: p.company.rin,
        branchCode: p.branch.tax_branch_number ?? '0',
        qr: etaReceiptQr({
          portal: etaHosts(p.company.environment ?? 'preprod').portal,
          uuid,
          dateTimeIssued: stored.date_time_issued,
          totalAmount: stored.total_amount,
          rin: p.company.rin,
        }),
      } satisfies EReceiptPrintDto;
    if (held) this.logger.warn(`receipt ${p.number} on POS ${serial} held: ${held}`);
    else await tx.m.query('SELECT pg_notify($1, $2)', [ETA_NOTIFY_CHANNEL, serial]);
    tx.push(p.branchId, 'einvoice.status', {
      documentId: id,
      kind: 'receipt',
      status,
      uuid,
      receiptNumber: p.number,
      deadLetter: false,
    });
    return id;
  }
}
