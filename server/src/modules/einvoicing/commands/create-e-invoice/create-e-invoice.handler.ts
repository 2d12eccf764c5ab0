import { CommandHandler } from '@nestjs/cqrs';
import { uuidv7 } from '../../../../core/database/ids';
import {
  buildEtaInvoice,
  EtaInvoiceError,
  etaLineFromInclusive,
  ETA_UNIT_TYPES,
  type EtaInvoiceInput,
  type EtaInvoiceLineInput,
} from '@pos/contracts';
import { branchWriteScope } from '../../../../core/auth/branch-scope';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { Errors } from '../../../../core/errors/app.exception';
import { ETA_NOTIFY_CHANNEL } from '../../events/on-sale-events.issue-receipt.handler';
import { companyAddress, type EtaCompanyRow } from '../../eta/company';
import { ETA_DOCUMENTS_WAKE } from '../../jobs/eta-document.service';
import { saleLineRows, type EtaLineRow } from '../../services/eta-lines';
import { CreateEInvoiceCommand } from './create-e-invoice.command';

const PREFIX = { i: 'EI', c: 'EC', d: 'ED' } as const;

/**
 * Builds the v1.0 document (exact decimals, ETA's equations and the receiver rules asserted) and
 * queues it: the worker signs it, submits it and follows it to valid / invalid. From a sale: its
 * lines (VAT-inclusive piasters mapped as the receipts do) and its branch; direct entry: the lines
 * given. A credit / debit note references one of our valid invoices (its ETA UUID).
 */
@CommandHandler(CreateEInvoiceCommand)
export class CreateEInvoiceHandler extends TransactionalCommandHandler<
  CreateEInvoiceCommand,
  { id: string }
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle({ dto, user }: CreateEInvoiceCommand, tx: CommandTransaction) {
    const [company] = (await tx.m.query(
      'SELECT * FROM eta_company WHERE id = 1',
    )) as EtaCompanyRow[];
    if (!company) throw Errors.conflict('ETA_COMPANY_INFO_REQUIRED');
    const scope = branchWriteScope(user);
    let branchId: string;
    let lines: EtaInvoiceLineInput[];
    let saleId: string | null = null;
    if (dto.saleId) {
      const [sale] = (await tx.m.query(
        'SELECT id, number, branch_id, status FROM sales_invoices WHERE id = $1',
        [dto.saleId],
      )) as { id: string; number: string; branch_id: string; status: string }[];
      if (!sale || (scope !== null && scope !== sale.branch_id)) throw Errors.notFound();
      if (sale.status === 'returned')
        throw Errors.conflict('ETA_INVOICE_INVALID', { field: `sale ${sale.number}` });
      branchId = sale.branch_id;
      saleId = sale.id;
      lines = await this.saleLines(tx, sale.id, company.rin);
      if (!lines.length)
        throw Errors.conflict('ETA_INVOICE_INVALID', { field: `sale ${sale.number}` });
    } else {
      branchId = dto.branchId ?? user.branchId ?? '';
      if (!branchId || (scope !== null && scope !== branchId)) throw Errors.notFound();
      lines = (dto.lines ?? []).map((l) => ({
        description: l.description,
        itemType: l.itemType,
        itemCode: l.itemCode,
        unitType: l.unitType,
        internalCode: l.internalCode,
        quantity: l.quantity,
        unitValue: l.unitValue,
        discountRate: l.discountRate,
        vatRate: l.vatRate,
        vatSubType: l.vatSubType,
      }));
    }
    const [branch] = (await tx.m.query('SELECT id, tax_branch_number FROM branches WHERE id = $1', [
      branchId,
    ])) as { id: string; tax_branch_number: string | null }[];
    if (!branch) throw Errors.notFound();
    let reference: { id: string; uuid: string } | null = null;
    if (dto.documentType !== 'i') {
      const [orig] = (await tx.m.query(
        `SELECT id, uuid, status, document_type, branch_id FROM e_documents WHERE id = $1`,
        [dto.referenceId],
      )) as {
        id: string;
        uuid: string | null;
        status: string;
        document_type: string;
        branch_id: string;
      }[];
      if (!orig || orig.document_type !== 'i' || orig.status !== 'valid' || !orig.uuid)
        throw Errors.badRequest('ETA_INVOICE_INVALID', { field: 'references' });
      if (scope !== null && scope !== orig.branch_id) throw Errors.notFound();
      reference = { id: orig.id, uuid: orig.uuid };
    }
    const [{ seq }] = (await tx.m.query(
      `SELECT nextval('e_documents_internal_seq')::int AS seq`,
    )) as { seq: number }[];
    const internalId = `${PREFIX[dto.documentType]}-${String(seq).padStart(6, '0')}`;
    const address = companyAddress(company);
    const input: EtaInvoiceInput = {
      documentType: dto.documentType,
      // never "in the future" at ETA (clock skew)
      dateTimeIssued: new Date(Date.now() - 1000),
      internalID: internalId,
      issuer: {
        rin: company.rin,
        name: company.name,
        branchId: branch.tax_branch_number ?? '0',
        activityCode: company.activity_code,
        address,
      },
      receiver: {
        type: dto.receiver.type,
        id: dto.receiver.id?.trim() || undefined,
        name: dto.receiver.name?.trim() || undefined,
        address: dto.receiver.address,
      },
      lines,
      references: reference ? [reference.uuid] : undefined,
      purchaseOrderReference: dto.purchaseOrderReference,
    };
    let built;
    try {
      built = buildEtaInvoice(input);
    } catch (e) {
      if (!(e instanceof EtaInvoiceError)) throw e;
      if (e.field.startsWith('receiver'))
        throw Errors.badRequest('ETA_INVOICE_INVALID', { field: e.field });
      if (e.field === 'references')
        throw Errors.badRequest('ETA_INVOICE_INVALID', { field: 'references' });
      throw Errors.badRequest('ETA_INVOICE_INVALID', { field: e.field });
    }
    const id = uuidv7();
    const issued = (JSON.parse(built.json) as { dateTimeIssued: string }).dateTimeIssued;
    await tx.m.query(
      `INSERT INTO e_documents (id, document_type, sale_id, branch_id, internal_id, json, status,
                                receiver_type, receiver_id, receiver_name, reference_id, total_amount,
                                date_time_issued, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, 'queued', $7, $8, $9, $10, $11, $12, $13)`,
      [
        id,
        dto.documentType,
        saleId,
        branchId,
        internalId,
        built.json,
        dto.receiver.type,
        input.receiver.id ?? null,
        input.receiver.name ?? null,
        reference?.id ?? null,
        built.totalAmount,
        issued,
        user.id,
      ],
    );
    await tx.m.query('SELECT pg_notify($1, $2)', [ETA_NOTIFY_CHANNEL, ETA_DOCUMENTS_WAKE]);
    tx.audit({
      action: 'eta.e-invoice-create',
      entity: 'e_document',
      entityId: id,
      after: { documentType: dto.documentType, internalId, saleId, totalAmount: built.totalAmount },
    });
    tx.push(branchId, 'einvoice.status', {
      documentId: id,
      kind: 'invoice',
      status: 'queued',
      uuid: '',
      receiptNumber: internalId,
      deadLetter: false,
    });
    return { id };
  }

  private async saleLines(
    tx: CommandTransaction,
    saleId: string,
    rin: string,
  ): Promise<EtaInvoiceLineInput[]> {
    const rows = await saleLineRows<EtaLineRow & { sold: string }>(
      tx.m,
      saleId,
      '(l.quantity - l.returned_quantity)::text AS quantity, l.quantity::text AS sold',
    );
    return rows
      .filter((l) => Number(l.quantity) > 0)
      .map((l) => {
        // a partly returned line: its amounts in proportion to what is left
        const share = Number(l.quantity) / Number(l.sold);
        const m = etaLineFromInclusive({
          quantity: Number(l.quantity),
          grossPiasters: Math.round(Number(l.gross) * share),
          lineTotalPiasters: Math.round(Number(l.line_total) * share),
          vatRate: l.vat_rate,
        });
        return {
          description: l.name,
          itemType: l.eta_item_type ?? 'EGS',
          itemCode: l.eta_item_code ?? `EG-${rin}-${l.sku}`,
          unitType: ETA_UNIT_TYPES[l.unit] ?? 'EA',
          internalCode: l.sku,
          quantity: m.quantity,
          unitValue: m.unitPrice,
          discountAmount: m.commercialDiscount,
          // the rounding residue after tax: the invoice total is the sale's, exactly
          itemsDiscount: m.itemDiscount,
          vatRate: l.vat_rate,
        };
      });
  }
}
