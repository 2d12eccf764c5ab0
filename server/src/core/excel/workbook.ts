import { StreamableFile } from '@nestjs/common';
import type ExcelJS from 'exceljs';
import { CURRENCY, type Locale } from '@pos/contracts';
import { storeDayOf, storeWallTime } from '../time/store-time';

// The ONE way the server writes an Excel workbook (issue 31 item 4): every builder (the books'
// reports, /Transactions, /Customers/Debts, the reports registry's export, the catalog's template
// and export) takes its sheet, header row, number formats and cell values from here.
//  - the Arabic sheet runs right to left;
//  - the header row is bold;
//  - money is integer piasters written as pounds (a number, two decimals) under one number format
//    that reads like the screens' formatter (`formatPiasters`: "-1,234.50"), the currency sign
//    after it written one way per language (`CURRENCY`, as "{{amount}} ج.م" on the screens);
//  - instants are written as the store time zone's wall time, business days as dates (dd/mm/yyyy).

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The number format of an amount in pounds: thousands separators, two decimals, leading minus. */
export function moneyFormat(locale: Locale): string {
  const sign = `" ${CURRENCY[locale]}"`;
  return `#,##0.00${sign};-#,##0.00${sign}`;
}

export const DATE_FORMAT = 'dd/mm/yyyy';
export const DATE_TIME_FORMAT = 'dd/mm/yyyy hh:mm';

/** What a column holds: it picks the cell's number format and how a value is written. */
export type CellType =
  'text' | 'money' | 'quantity' | 'count' | 'percent' | 'number' | 'day' | 'date' | 'datetime';

const FORMATS: Record<CellType, string | undefined> = {
  text: undefined,
  money: undefined, // per locale: moneyFormat
  quantity: '#,##0.###',
  count: '#,##0',
  percent: '0.0#',
  number: undefined,
  day: DATE_FORMAT,
  date: DATE_FORMAT,
  datetime: DATE_TIME_FORMAT,
};

export function numberFormat(type: CellType, locale: Locale): string | undefined {
  return type === 'money' ? moneyFormat(locale) : FORMATS[type];
}

/** Integer piasters as pounds, a number with two decimals. */
export const pounds = (piasters: number) => Math.round(piasters) / 100;

/** A business day ('YYYY-MM-DD', already the store's calendar) as an Excel date (no zone). */
export function dayCell(day: string | null | undefined): Date | null {
  if (!day) return null;
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

/**
 * A value as its column's type writes it: money in pounds, a business day or an instant as the
 * store's calendar (`date`: the day an instant falls on, `datetime`: its wall time), numbers as
 * numbers, anything else as text; null stays empty.
 */
export function cellValue(type: CellType, value: unknown, timeZone: string): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'money':
      return pounds(Number(value));
    case 'quantity':
    case 'count':
    case 'percent':
    case 'number':
      return Number(value);
    case 'day':
      return value instanceof Date ? value : dayCell(String(value));
    case 'date':
      return dayCell(storeDayOf(String(value), timeZone));
    case 'datetime':
      return storeWallTime(String(value), timeZone);
    case 'text':
      return String(value);
  }
}

export type Column = {
  /** the header's text; no header row when no column has one */
  header?: string;
  key?: string;
  width?: number;
  type?: CellType;
};

export type SheetOptions = {
  /** rows kept in view above the scroll (a frozen pane) */
  frozenRows?: number;
};

type AnyWorkbook = ExcelJS.Workbook | ExcelJS.stream.xlsx.WorkbookWriter;

/**
 * A worksheet in the language's direction, its columns typed and sized, and a bold header row
 * when the columns have headers. Excel limits a sheet's name to 31 characters.
 */
export function addSheet(
  wb: AnyWorkbook,
  title: string,
  locale: Locale,
  columns: Column[],
  options: SheetOptions = {},
): ExcelJS.Worksheet {
  const frozen = options.frozenRows
    ? { state: 'frozen' as const, ySplit: options.frozenRows }
    : { state: 'normal' as const };
  const ws = wb.addWorksheet(title.slice(0, 31), {
    views: [{ rightToLeft: locale === 'ar', ...frozen }],
  });
  ws.columns = columns.map((c) => {
    const numFmt = c.type ? numberFormat(c.type, locale) : undefined;
    return {
      header: c.header,
      key: c.key,
      width: c.width ?? 16,
      style: numFmt ? { numFmt } : {},
    };
  });
  if (columns.some((c) => c.header)) ws.getRow(1).font = { bold: true };
  return ws;
}

/** A row of typed values (each with its own type): values converted and formatted cell by cell. */
export function addTypedRow(
  ws: ExcelJS.Worksheet,
  cells: [CellType, unknown][],
  locale: Locale,
  timeZone: string,
  options: { bold?: boolean } = {},
): ExcelJS.Row {
  const row = ws.addRow(cells.map(([type, value]) => cellValue(type, value, timeZone)));
  cells.forEach(([type, value], i) => {
    const numFmt = numberFormat(type, locale);
    if (numFmt && value !== null && value !== undefined) row.getCell(i + 1).numFmt = numFmt;
  });
  if (options.bold) row.font = { bold: true };
  return row;
}

/**
 * A row under typed columns: each value written as its column's type says (piasters as pounds, an
 * instant in the store's zone …); the columns' number formats apply.
 */
export function addColumnsRow(
  ws: ExcelJS.Worksheet,
  columns: Column[],
  values: unknown[],
  timeZone: string,
  options: { bold?: boolean } = {},
): ExcelJS.Row {
  const row = ws.addRow(values.map((v, i) => cellValue(columns[i]?.type ?? 'text', v, timeZone)));
  if (options.bold) row.font = { bold: true };
  return row;
}

/** A bold row (headings, totals). */
export function boldRow(ws: ExcelJS.Worksheet, values: ExcelJS.CellValue[]): ExcelJS.Row {
  const row = ws.addRow(values);
  row.font = { bold: true };
  return row;
}

/** The finished in-memory workbook as the response's bytes. */
export async function workbookBuffer(wb: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * A list as a one-sheet workbook's bytes: the columns' header row, a row of typed values per
 * record (`values`), and a bold last row when one is given (the totals).
 */
export function listWorkbook<T>(
  sheet: { title: string; locale: Locale; timeZone: string; columns: Column[] },
  records: readonly T[],
  values: (record: T) => unknown[],
  last?: unknown[],
): Promise<Buffer> {
  const { columns, timeZone } = sheet;
  const wb = newWorkbook();
  const ws = addSheet(wb, sheet.title, sheet.locale, columns);
  for (const record of records) addColumnsRow(ws, columns, values(record), timeZone);
  if (last) addColumnsRow(ws, columns, last, timeZone, { bold: true });
  return workbookBuffer(wb);
}

/** A workbook as a download named `<name>.xlsx`. */
export function workbookFile(file: Buffer, name: string): StreamableFile {
  return new StreamableFile(file, {
    type: XLSX_TYPE,
    disposition: `attachment; filename="${name}.xlsx"`,
    length: file.length,
  });
}

/**
 * exceljs and what it brings (≈ 400 modules, about a second of CPU on these machines) loaded when
 * the first workbook is made or read rather than when the app starts: most starts (a restart, each
 * test suite's app) never make one (docs/decisions/0104).
 */
let loaded: typeof ExcelJS | undefined;
export function excelJs(): typeof ExcelJS {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loaded ??= require('exceljs') as typeof ExcelJS);
}

/** A new, empty workbook. */
export const newWorkbook = (): ExcelJS.Workbook => new (excelJs().Workbook)();

export type { ExcelJS };
