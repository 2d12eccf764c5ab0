import { Injectable } from '@nestjs/common';
import type { Writable } from 'node:stream';
import type { Locale, ReportQueryDto } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { ReplicaReads } from '../../../core/database/replica-reads';
import { addSheet, cellValue, type CellType, excelJs } from '../../../core/excel/workbook';
import { ReportRunner, type PreparedReport } from '../registry/report-runner';
import { exportLabel, weekdayLabel } from './labels';

export { XLSX_TYPE } from '../../../core/excel/workbook';

/** Rows fetched from the cursor at a time: the most rows an export holds in memory. */
export const EXPORT_BATCH = 2000;

/**
 * A report as an .xlsx, streamed: the rows come from a server-side cursor (`DECLARE … CURSOR`,
 * EXPORT_BATCH at a time) and go straight into exceljs' streaming WorkbookWriter, each row
 * committed (written out) as it is added — neither the rows nor the sheet are ever all in
 * memory, so a million-row export runs in constant memory. Money in pounds (piasters / 100),
 * the Arabic sheet right to left.
 */
@Injectable()
export class ReportExportService {
  constructor(
    private readonly runner: ReportRunner,
    private readonly reads: ReplicaReads,
  ) {}

  async count(report: PreparedReport): Promise<number> {
    const [{ n }] = await this.reads.query(
      `SELECT count(*)::int AS n FROM (${report.base}) q`,
      report.params,
    );
    return n;
  }

  prepare(key: string, dto: ReportQueryDto, user: AuthUser, locale: Locale) {
    return this.runner.prepare(key, dto, user, locale);
  }

  async write(
    report: PreparedReport,
    locale: Locale,
    out: Writable,
    onRows?: (done: number) => Promise<void> | void,
  ): Promise<number> {
    const own = report.definition.labels;
    const columns = report.columns.filter((c) => c.type !== 'id');
    const wb = new (excelJs().stream.xlsx.WorkbookWriter)({ stream: out, useStyles: true });
    const title = exportLabel(locale, report.definition.key, own);
    const ws = addSheet(
      wb,
      title,
      locale,
      columns.map((c) => ({
        key: c.key,
        width: c.type === 'text' ? 36 : 16,
        type: cellType(c.type),
      })),
      { frozenRows: 3 },
    );
    const f = report.filters;
    ws.addRow([
      title,
      `${exportLabel(locale, 'from')} ${f.from}`,
      `${exportLabel(locale, 'to')} ${f.to}`,
      f.branchId ? await this.branchName(f.branchId) : exportLabel(locale, 'allBranches'),
    ]).commit();
    ws.addRow([]).commit();
    const head = ws.addRow(columns.map((c) => exportLabel(locale, c.key, own)));
    head.font = { bold: true };
    head.commit();

    const qr = await this.reads.runner();
    let done = 0;
    try {
      await qr.startTransaction();
      await qr.query(`DECLARE report_export NO SCROLL CURSOR FOR ${report.sql}`, report.params);
      for (;;) {
        const rows: Record<string, unknown>[] = await qr.query(
          `FETCH ${EXPORT_BATCH} FROM report_export`,
        );
        for (const row of rows) {
          ws.addRow(columns.map((c) => cell(c.type, c.key, row[c.key], locale))).commit();
        }
        done += rows.length;
        if (onRows) await onRows(done);
        if (rows.length < EXPORT_BATCH) break;
      }
      await qr.commitTransaction();
    } catch (error) {
      await qr.rollbackTransaction().catch(() => undefined);
      throw error;
    } finally {
      await qr.release();
    }
    await ws.commit();
    await wb.commit();
    return done;
  }

  private async branchName(id: string): Promise<string> {
    const [row] = await this.reads.query('SELECT name FROM branches WHERE id = $1', [id]);
    return row?.name ?? '';
  }
}

/** A registry column's type as the workbook writes it (`date` columns hold business days). */
function cellType(type: string): CellType {
  switch (type) {
    case 'money':
    case 'quantity':
    case 'count':
    case 'percent':
      return type;
    case 'hour':
      return 'number';
    case 'date':
      return 'day';
    default:
      return 'text';
  }
}

function cell(type: string, key: string, value: unknown, locale: Locale): unknown {
  if (value === null || value === undefined) return null;
  if (key === 'weekday') return weekdayLabel(locale, Number(value));
  if (key === 'reason' && value === '') return exportLabel(locale, 'noReason');
  return cellValue(cellType(type), value, 'UTC');
}
