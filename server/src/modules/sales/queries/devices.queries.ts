import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DevicePrinterDto, PosDeviceDto, SaleFlagDto, SaleFlagQueryDto } from '@pos/contracts';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../../core/auth/auth.types';
import { askedBranch, branchReadScope } from '../../../core/auth/branch-scope';
import { Errors } from '../../../core/errors/app.exception';

const PRINTER_COLUMNS = `printer_kind AS "printerKind", printer_address AS "printerAddress",
  paper_width AS "paperWidth", code_page AS "codePage", drawer, print_bridge_url AS "printBridgeUrl",
  label_language AS "labelLanguage", label_printer_address AS "labelPrinterAddress",
  label_size AS "labelSize"`;

/** The branch's tills and the flags their offline sales raised (issue 32). */
@Injectable()
export class DevicesQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** One till, within the user's read scope (404 outside it). */
  async device(id: string, user: AuthUser): Promise<PosDeviceDto> {
    const [row] = await this.ds.query(
      `SELECT id, branch_id AS "branchId", name, number, receipt_prefix AS "receiptPrefix",
              last_receipt_no AS "lastReceiptNo", eta_pos_serial AS "etaPosSerial",
              created_at AS "createdAt", last_seen_at AS "lastSeenAt"
         FROM pos_devices WHERE id = $1`,
      [id],
    );
    const scope = branchReadScope(user);
    if (!row || (scope && row.branchId !== scope)) throw Errors.notFound();
    return {
      ...row,
      createdAt: (row.createdAt as Date).toISOString(),
      lastSeenAt: (row.lastSeenAt as Date).toISOString(),
    };
  }

  /** One till's printer, within the user's read scope (404 outside it). */
  async printer(id: string, user: AuthUser): Promise<DevicePrinterDto> {
    const row = await readDevicePrinter(this.ds.manager, id);
    const scope = branchReadScope(user);
    if (!row || (scope && row.branchId !== scope)) throw Errors.notFound();
    const { branchId: _branch, ...printer } = row;
    return printer;
  }

  /** The tills of a branch (or all, for the asked none) with their printers, by branch and number. */
  async printers(query: SaleFlagQueryDto, user: AuthUser) {
    const branch = askedBranch(user, query.branchId);
    return this.ds.query(
      `SELECT id, branch_id AS "branchId", name, number, ${PRINTER_COLUMNS}
         FROM pos_devices WHERE ($1::uuid IS NULL OR branch_id = $1) ORDER BY branch_id, number LIMIT 500`,
      [branch],
    ) as Promise<
      (DevicePrinterDto & { id: string; branchId: string; name: string; number: number })[]
    >;
  }

  /** The tills of a branch (the user's, or the asked one within the read scope), by number. */
  async devices(query: SaleFlagQueryDto, user: AuthUser): Promise<PosDeviceDto[]> {
    const branch = askedBranch(user, query.branchId);
    const rows = await this.ds.query(
      `SELECT id, branch_id AS "branchId", name, number, receipt_prefix AS "receiptPrefix",
              last_receipt_no AS "lastReceiptNo", eta_pos_serial AS "etaPosSerial",
              created_at AS "createdAt", last_seen_at AS "lastSeenAt"
         FROM pos_devices WHERE ($1::uuid IS NULL OR branch_id = $1) ORDER BY branch_id, number LIMIT 500`,
      [branch],
    );
    return rows.map((r: PosDeviceDto & { createdAt: Date; lastSeenAt: Date }) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
    }));
  }

  /** The open flags of a branch (the user's, or the asked one within the read scope), oldest first. */
  async openFlags(query: SaleFlagQueryDto, user: AuthUser): Promise<SaleFlagDto[]> {
    const branch = askedBranch(user, query.branchId);
    const rows = await this.ds.query(
      `SELECT f.id, f.sale_id AS "saleId", i.number AS "saleNumber",
              CASE WHEN d.id IS NULL THEN NULL ELSE d.receipt_prefix || '-' || i.device_receipt_no END AS "deviceReceipt",
              f.branch_id AS "branchId", f.kind, f.detail, f.created_at AS "createdAt", f.resolved_at AS "resolvedAt"
         FROM sale_flags f JOIN sales_invoices i ON i.id = f.sale_id LEFT JOIN pos_devices d ON d.id = i.device_id
        WHERE f.resolved_at IS NULL AND ($1::uuid IS NULL OR f.branch_id = $1)
        ORDER BY f.created_at, f.id LIMIT 500`,
      [branch],
    );
    return rows.map((r: SaleFlagDto & { createdAt: Date }) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      resolvedAt: null,
    }));
  }
}

/** A till's printer with its branch (issue 35), or undefined. */
export async function readDevicePrinter(
  m: EntityManager,
  id: string,
  lock = false,
): Promise<(DevicePrinterDto & { branchId: string }) | undefined> {
  const [row] = await m.query(
    `SELECT branch_id AS "branchId", ${PRINTER_COLUMNS}
       FROM pos_devices WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return row;
}
