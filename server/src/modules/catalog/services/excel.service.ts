import { InjectQueue } from '@nestjs/bullmq';
import { CommandBus } from '@nestjs/cqrs';
import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import Decimal from 'decimal.js';
import { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { v5 as uuidv5 } from 'uuid';
import { uuidv7 } from '../../../core/database/ids';
import {
  LIMITS,
  MAX_IMEIS,
  UNITS,
  type ImportReportDto,
  type Locale,
  type Tracking,
  type Unit,
} from '@pos/contracts';
import { AppException } from '../../../core/errors/app.exception';
import type { AuthUser } from '../../../core/auth/auth.types';
import {
  addSheet,
  cellValue,
  type ExcelJS,
  workbookBuffer,
  type CellType,
  excelJs,
  newWorkbook,
} from '../../../core/excel/workbook';
import type { RequestMeta } from '../../../core/auth/decorators';
import { CommandRunner } from '../../../core/cqrs';
import { IMPORTS_QUEUE } from '../../../core/jobs/queues';
import { ImportProductsCommand } from '../commands/import-products/import-products.command';
import { branchScope, canSeeCost } from './variant-view';
import { rowFields } from '../../../core/database/row-fields';
import {
  checkImportStock,
  parseDateCell,
  parseQuantity,
  parseTracking,
  serialCodes,
  STOCK_COLUMN_KEYS,
  type RowStock,
} from './excel-stock';

/** The namespace of a keyed background import's job id (UUIDv5 of the key and the request's hash). */
const IMPORT_JOB_NAMESPACE = '5b0f6f1e-3c2a-4d8e-9a41-0c7d2e6b9f10';

/** Files with more rows than this import as a background job with progress (default). */
export const IMPORT_JOB_THRESHOLD = 2000;

/** The job threshold: `IMPORT_JOB_THRESHOLD` from the environment (a positive integer), else 2,000. */
export function importJobThreshold(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.IMPORT_JOB_THRESHOLD);
  return Number.isInteger(n) && n > 0 ? n : IMPORT_JOB_THRESHOLD;
}
export const MAX_IMPORT_ROWS = 100_000;
/** A file past the row limit is refused as a whole (400), whether previewed or imported. */
/** exceljs' streaming reader of an uploaded workbook: worksheets only, no styles or links. */
const workbookStream = (buffer: Buffer, sharedStrings: 'cache' | 'ignore') =>
  new (excelJs().stream.xlsx.WorkbookReader)(Readable.from([buffer]), {
    worksheets: 'emit',
    sharedStrings,
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });

const tooManyRows = () =>
  new AppException('IMPORT_TOO_MANY_ROWS', HttpStatus.BAD_REQUEST, { max: MAX_IMPORT_ROWS });

type Column = {
  key: string;
  ar: string;
  en: string;
  cost?: boolean;
  type?: CellType;
  /** opening stock and tracking (0118): in the template and the import, not the export */
  stock?: boolean;
};
export const IMPORT_COLUMNS: Column[] = [
  { key: 'nameAr', ar: 'اسم المنتج', en: 'Product name (Arabic)' },
  { key: 'nameEn', ar: 'الاسم بالإنجليزية', en: 'Name (English)' },
  { key: 'category', ar: 'القسم', en: 'Category' },
  { key: 'unit', ar: 'الوحدة', en: 'Unit' },
  { key: 'vatRate', ar: 'ضريبة القيمة المضافة %', en: 'VAT %' },
  { key: 'sku', ar: 'كود الصنف', en: 'SKU' },
  { key: 'barcodes', ar: 'الباركود', en: 'Barcodes' },
  { key: 'properties', ar: 'الخصائص', en: 'Properties' },
  { key: 'sellPrice', ar: 'سعر البيع', en: 'Sell price', type: 'money' },
  { key: 'minSellPrice', ar: 'أقل سعر بيع', en: 'Minimum sell price', type: 'money' },
  { key: 'avgCost', ar: 'متوسط التكلفة', en: 'Average cost', cost: true, type: 'money' },
  { key: 'lowStockThreshold', ar: 'حد الطلب', en: 'Low-stock threshold' },
  { key: 'tracking', ar: 'التتبع', en: 'Tracking', stock: true },
  { key: 'imeiCount', ar: 'عدد أرقام IMEI للجهاز', en: 'IMEIs per device', stock: true },
  { key: 'inventory', ar: 'المخزن', en: 'Inventory', stock: true },
  { key: 'quantity', ar: 'الرصيد الافتتاحي', en: 'Opening stock', stock: true },
  { key: 'serials', ar: 'الأرقام التسلسلية', en: 'Serial numbers', stock: true },
  { key: 'lot', ar: 'رقم التشغيلة', en: 'Lot number', stock: true },
  { key: 'expiryDate', ar: 'تاريخ انتهاء الصلاحية', en: 'Expiry date', stock: true },
  { key: 'productionDate', ar: 'تاريخ الإنتاج', en: 'Production date', stock: true },
];

export type ParsedRow = {
  row: number;
  nameAr: string;
  nameEn: string | null;
  category: string | null;
  unit: Unit;
  vatRate: number;
  sku: string | null;
  barcodes: string[];
  properties: Record<string, string>;
  sellPrice: number;
  minSellPrice: number;
  avgCost: number | null;
  lowStockThreshold: number;
  /** how a new product's units are told apart (null: the column is empty) */
  tracking: Tracking | null;
  imeiCount: number | null;
  /** the row's opening stock (null: none) */
  stock: RowStock | null;
  /** a later row of the same SKU bringing more stock (another lot): the first row's number */
  continues?: number;
  /** the columns the file has (one set shared by its rows): an update leaves the others as they are */
  columns: ReadonlySet<string>;
};

const ROW_MESSAGES: Record<Locale, Record<string, string>> = {
  ar: {
    required: 'الحقل مطلوب',
    money: 'مبلغ غير صحيح (جنيه بقرشين عشريين على الأكثر)',
    number: 'رقم غير صحيح',
    unit: `الوحدة يجب أن تكون واحدة من: ${UNITS.join('، ')}`,
    properties: 'الخصائص بالشكل: المقاس=L؛ اللون=أحمر',
    barcode: 'باركود غير صحيح',
    duplicate: 'مكرر في الملف',
    taken: 'مستخدم لصنف آخر',
    header: 'عنوان العمود غير موجود',
    file: 'الملف ليس ملف Excel صالحًا (.xlsx)',
    tracking: 'التتبع يجب أن يكون واحدًا من: بدون، تسلسلي، تشغيلة',
    imeiCount: 'عدد أرقام IMEI يجب أن يكون 0 أو 1 أو 2',
    date: 'تاريخ غير صحيح (YYYY-MM-DD أو يوم/شهر/سنة)',
    quantity: 'كمية غير صحيحة (أكبر من صفر، بثلاثة أرقام عشرية على الأكثر)',
    inventory: 'مخزن غير موجود أو ليس من فرعك',
    stockPermission: 'ليست لديك صلاحية تعديل المخزون لإدخال رصيد افتتاحي',
    trackingFixed: 'يختلف عن تتبع الصنف المسجل: غيّره من شاشة الصنف',
    differs: 'يختلف عن الصف الأول لنفس كود الصنف',
    repeatNoStock: 'كود الصنف مكرر: الصف المكرر يحمل رصيدًا (تشغيلة أخرى) فقط',
  },
  en: {
    required: 'Required',
    money: 'Not a valid amount (pounds with at most two decimals)',
    number: 'Not a valid number',
    unit: `Unit must be one of: ${UNITS.join(', ')}`,
    properties: 'Properties as: Size=L; Colour=Red',
    barcode: 'Not a valid barcode',
    duplicate: 'Repeated in the file',
    taken: 'Belongs to another item',
    header: 'Column header missing',
    file: 'Not a valid Excel file (.xlsx)',
    tracking: 'Tracking must be one of: none, serial, batch',
    imeiCount: 'IMEIs per device must be 0, 1 or 2',
    date: 'Not a valid date (YYYY-MM-DD or day/month/year)',
    quantity: 'Not a valid quantity (above zero, at most three decimals)',
    inventory: 'No such inventory in your branch',
    stockPermission: 'You may not adjust stock, so you cannot import opening stock',
    trackingFixed: "Differs from the product's tracking: change it on the product form",
    differs: 'Differs from the first row of this SKU',
    repeatNoStock: 'Repeated SKU: a repeated row carries only stock (another lot)',
  },
};

const cellText = (v: ExcelJS.CellValue): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    if ('richText' in v)
      return v.richText
        .map((t) => t.text)
        .join('')
        .trim();
    if ('text' in v) return String(v.text).trim();
    if ('result' in v) return String(v.result ?? '').trim();
    return '';
  }
  return String(v).trim();
};

/** Pounds (text or number cell) → piasters, exactly. */
export function poundsToPiasters(text: string): number | null {
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  const value = new Decimal(text).mul(100);
  if (!value.isInteger() || value.isNegative() || value.gt(LIMITS.unitPrice)) return null;
  return value.toNumber();
}

const BARCODE = /^[\x21-\x7E]{1,50}$/;

@Injectable()
export class ExcelService {
  private readonly logger = new Logger('ExcelImport');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @InjectQueue(IMPORTS_QUEUE) private readonly queue: Queue,
    private readonly commands: CommandBus,
    private readonly runner: CommandRunner,
  ) {}

  /** The import's columns the user may fill (the cost only for who sees it), headed in Arabic. */
  private sheet(
    wb: ExcelJS.Workbook,
    user: AuthUser,
    width: number,
    extra: { header: string; key: string }[] = [],
    withStock = true,
  ) {
    const cols = IMPORT_COLUMNS.filter(
      (c) => (!c.cost || canSeeCost(user)) && (withStock || !c.stock),
    );
    return addSheet(wb, 'الأصناف', 'ar', [
      ...cols.map((c) => ({ header: c.ar, key: c.key, width, type: c.type })),
      ...extra.map((c) => ({ ...c, width: 18, type: 'quantity' as const })),
    ]);
  }

  async template(user: AuthUser): Promise<Buffer> {
    const wb = newWorkbook();
    const ws = this.sheet(wb, user, 22);
    ws.addRow({
      nameAr: 'تيشيرت قطن',
      nameEn: 'Cotton T-shirt',
      category: 'ملابس رجالي',
      unit: 'piece',
      vatRate: 14,
      sku: 'TS-001-L-RED',
      barcodes: '6221234567890',
      properties: 'المقاس=L؛ اللون=أحمر',
      sellPrice: 199.5,
      minSellPrice: 180,
      avgCost: 120,
      lowStockThreshold: 5,
      quantity: 10,
    });
    // Opening stock of tracked products: a phone's IMEIs in one cell, and a product of two lots
    // on a row per lot (the second row repeats the SKU and carries only its lot).
    ws.addRow({
      nameAr: 'هاتف ذكي 128 جيجا',
      nameEn: 'Smartphone 128 GB',
      category: 'موبايلات',
      unit: 'piece',
      vatRate: 14,
      sku: 'PH-128',
      sellPrice: 9500,
      avgCost: 8000,
      tracking: 'serial',
      imeiCount: 1,
      quantity: 2,
      serials: '356938035643809\n490154203237518',
    });
    ws.addRow({
      nameAr: 'لبن كامل الدسم 1 لتر',
      nameEn: 'Full-cream milk 1 L',
      category: 'ألبان',
      unit: 'piece',
      vatRate: 0,
      sku: 'MILK-1L',
      sellPrice: 45,
      avgCost: 38,
      tracking: 'batch',
      quantity: 24,
      lot: 'L2401',
      expiryDate: '2027-01-15',
      productionDate: '2026-12-01',
    });
    ws.addRow({ sku: 'MILK-1L', quantity: 12, lot: 'L2402', expiryDate: '2027-01-29' });
    return workbookBuffer(wb);
  }

  async export(user: AuthUser): Promise<Buffer> {
    const showCost = canSeeCost(user);
    const scope = branchScope(user);
    const inventories: { id: string; name: string; branch: string }[] = await this.ds.query(
      `SELECT i.id, i.name, b.name AS branch FROM inventories i JOIN branches b ON b.id = i.branch_id
        WHERE ($1::uuid IS NULL OR i.branch_id = $1) ORDER BY b.created_at, i.name`,
      [scope],
    );
    const wb = newWorkbook();
    const ws = this.sheet(
      wb,
      user,
      20,
      inventories.map((i) => ({ header: `رصيد: ${i.branch} - ${i.name}`, key: `inv_${i.id}` })),
      false,
    );
    const rows: Record<string, unknown>[] = await this.ds.query(
      `SELECT p.name_ar, p.name_en, c.name AS category, p.unit, p.vat_rate, v.id, v.sku, v.barcodes, v.properties,
              v.sell_price, v.min_sell_price, v.avg_cost, v.low_stock_threshold,
              (SELECT json_object_agg(s.inventory_id, s.on_hand) FROM stock_levels s WHERE s.variant_id = v.id) AS stock
         FROM variants v JOIN products p ON p.id = v.product_id LEFT JOIN categories c ON c.id = p.category_id
        ORDER BY p.name_ar, v.sku`,
    );
    const money = (v: unknown) => cellValue('money', v, 'UTC');
    for (const r of rows) {
      const stock = (r.stock ?? {}) as Record<string, number>;
      const line: Record<string, unknown> = {
        ...rowFields(r, ['name_ar', 'name_en', 'category', 'unit', 'vat_rate', 'sku']),
        barcodes: (r.barcodes as string[]).join(','),
        properties: Object.entries(r.properties as Record<string, string>)
          .map(([k, v]) => `${k}=${v}`)
          .join('؛ '),
        sellPrice: money(r.sell_price),
        minSellPrice: money(r.min_sell_price),
        lowStockThreshold: Number(r.low_stock_threshold),
      };
      if (showCost) line.avgCost = money(r.avg_cost);
      for (const i of inventories) line[`inv_${i.id}`] = Number(stock[i.id] ?? 0);
      ws.addRow(line);
    }
    return workbookBuffer(wb);
  }

  /**
   * Reads and checks every row; no database writes. The file is streamed (exceljs' WorkbookReader):
   * rows are read one at a time and reading stops at MAX_IMPORT_ROWS + 1, so a large file costs
   * its rows up to the limit, never its whole workbook model (issue 11, item 5; see
   * docs/decisions/ for the measured cost of a 20 MB upload).
   */
  async parse(
    buffer: Buffer,
    user: AuthUser,
    locale: Locale,
  ): Promise<{ rows: ParsedRow[]; errors: ImportReportDto['errors'] }> {
    // exceljs' streaming reader sometimes reads a worksheet before the workbook part it needs and
    // throws (exceljs#3064, a race on Node ≥ 18 that workbooks written by exceljs, our own
    // template among them, trigger): a file that did not read is read again, up to three times,
    // before the user is told it is not a readable workbook.
    // A file over the row limit is refused after a light first pass (no shared strings, no row
    // kept): its rows up to the limit are never built (docs/decisions/0082).
    if (await this.overRowLimit(buffer)) throw tooManyRows();
    for (let attempt = 1; ; attempt++) {
      const { failure, ...read } = await this.readOnce(buffer, user, locale);
      if (failure === undefined) return read;
      this.logger.warn(`import: reading the workbook failed (try ${attempt}): ${String(failure)}`);
      if (attempt >= 3) return read;
    }
  }

  /**
   * Whether the first sheet has more than MAX_IMPORT_ROWS data rows, counted without its shared
   * strings (cells keep their index) and without keeping a row. The sheet is read to its end (the
   * reader's temporary copy of it is removed only then). A file this pass cannot read is left to
   * the full read, which says why.
   */
  private async overRowLimit(buffer: Buffer): Promise<boolean> {
    let dataRows = 0;
    try {
      const reader = workbookStream(buffer, 'ignore');
      let sheets = 0;
      for await (const ws of reader) {
        // the first worksheet only, as the full read
        if (sheets++ > 0) break;
        let header = false;
        for await (const r of ws as AsyncIterable<ExcelJS.Row>) {
          if (!header) header = true;
          else if (r.hasValues) dataRows++;
        }
      }
    } catch {
      // the full read tries again and reports a file it cannot read
      return false;
    }
    return dataRows > MAX_IMPORT_ROWS;
  }

  private async readOnce(
    buffer: Buffer,
    user: AuthUser,
    locale: Locale,
  ): Promise<{ rows: ParsedRow[]; errors: ImportReportDto['errors']; failure?: unknown }> {
    const msg = ROW_MESSAGES[locale];
    const errors: ImportReportDto['errors'] = [];
    const rows: ParsedRow[] = [];
    let handleRow: ((r: ExcelJS.Row, rowNumber: number) => void) | null = null;
    let dataRows = 0;
    try {
      const reader = workbookStream(buffer, 'cache');
      let sheets = 0;
      for await (const ws of reader) {
        // The first worksheet only (as before); later sheets are not read at all.
        if (sheets++ > 0) break;
        for await (const r of ws as AsyncIterable<ExcelJS.Row>) {
          if (!handleRow) {
            // The first row present is the header row.
            const header = this.header(r, msg);
            if (header.errors.length) return { rows: [], errors: header.errors };
            handleRow = this.rowHandler(header.colOf, user, locale, rows, errors);
            continue;
          }
          if (!r.hasValues) continue;
          if (++dataRows > MAX_IMPORT_ROWS) throw tooManyRows();
          handleRow(r, r.number);
        }
      }
    } catch (e) {
      if (e instanceof AppException) throw e;
      return { rows: [], errors: [{ row: 0, message: msg.file }], failure: e };
    }
    if (!handleRow) return { rows: [], errors: [{ row: 0, message: msg.file }] };
    return { rows, errors };
  }

  /** The header row: which column holds which field; the required ones must be there. */
  private header(row: ExcelJS.Row, msg: Record<string, string>) {
    const colOf: Record<string, number> = {};
    row.eachCell((cell, col) => {
      const text = cellText(cell.value);
      const def = IMPORT_COLUMNS.find((c) => c.ar === text || c.en === text || c.key === text);
      if (def) colOf[def.key] = col;
    });
    const errors: ImportReportDto['errors'] = [];
    for (const required of ['nameAr', 'sellPrice']) {
      if (!colOf[required])
        errors.push({
          row: 1,
          column: IMPORT_COLUMNS.find((c) => c.key === required)!.ar,
          message: msg.header,
        });
    }
    return { colOf, errors };
  }

  /** Checks one data row into `rows` / `errors` (duplicates across the file included). */
  private rowHandler(
    colOf: Record<string, number>,
    user: AuthUser,
    locale: Locale,
    rows: ParsedRow[],
    errors: ImportReportDto['errors'],
  ): (r: ExcelJS.Row, rowNumber: number) => void {
    const msg = ROW_MESSAGES[locale];
    const label = (key: string) =>
      IMPORT_COLUMNS.find((c) => c.key === key)![locale === 'ar' ? 'ar' : 'en'];
    const columns: ReadonlySet<string> = new Set(Object.keys(colOf));
    const seenSku = new Map<string, number>();
    const seenBarcode = new Map<string, number>();
    const firstBySku = new Map<string, { parsed: ParsedRow; raw: Record<string, string> }>();
    return (r, rowNumber) => {
      const get = (key: string) => (colOf[key] ? cellText(r.getCell(colOf[key]).value) : '');
      const value = (key: string) => (colOf[key] ? r.getCell(colOf[key]).value : null);
      if (IMPORT_COLUMNS.every((c) => !get(c.key) && !(value(c.key) instanceof Date))) return;
      const bad = (key: string, message: string) =>
        errors.push({ row: rowNumber, column: label(key), message });
      const stock = this.rowStock(get, value, bad, msg);
      const first = firstBySku.get(get('sku'));
      if (first && stock && first.parsed.stock) {
        // Another lot (or place) of a product already on an earlier row: only its stock counts,
        // and any product column it repeats must say the same.
        for (const c of IMPORT_COLUMNS)
          if (!(STOCK_COLUMN_KEYS as readonly string[]).includes(c.key) && get(c.key))
            if (get(c.key) !== first.raw[c.key]) bad(c.key, `${msg.differs} (${first.parsed.row})`);
        rows.push({ ...first.parsed, row: rowNumber, stock, continues: first.parsed.row });
        return;
      }
      const tracking = parseTracking(get('tracking'));
      if (tracking === undefined) bad('tracking', msg.tracking);
      const imeiText = get('imeiCount');
      const imeiCount = imeiText === '' ? null : Number(imeiText);
      if (
        imeiCount !== null &&
        !(Number.isInteger(imeiCount) && imeiCount >= 0 && imeiCount <= MAX_IMEIS)
      )
        bad('imeiCount', msg.imeiCount);
      const nameAr = get('nameAr');
      if (!nameAr) bad('nameAr', msg.required);
      const sellPrice = poundsToPiasters(get('sellPrice'));
      if (sellPrice === null) bad('sellPrice', get('sellPrice') ? msg.money : msg.required);
      const minText = get('minSellPrice');
      const minSellPrice = minText ? poundsToPiasters(minText) : 0;
      if (minSellPrice === null) bad('minSellPrice', msg.money);
      const costText = get('avgCost');
      const avgCost = costText && canSeeCost(user) ? poundsToPiasters(costText) : null;
      if (costText && canSeeCost(user) && avgCost === null) bad('avgCost', msg.money);
      const unit = (get('unit') || 'piece') as Unit;
      if (!UNITS.includes(unit)) bad('unit', msg.unit);
      const vatText = get('vatRate');
      const vatRate = vatText === '' ? 14 : Number(vatText);
      if (!Number.isInteger(vatRate) || vatRate < 0 || vatRate > 100) bad('vatRate', msg.number);
      const thrText = get('lowStockThreshold');
      const lowStockThreshold = thrText === '' ? 0 : Number(thrText);
      if (
        !Number.isFinite(lowStockThreshold) ||
        lowStockThreshold < 0 ||
        lowStockThreshold > LIMITS.lowStockThreshold
      )
        bad('lowStockThreshold', msg.number);
      const properties: Record<string, string> = {};
      for (const part of get('properties')
        .split(/[؛;]/)
        .map((p) => p.trim())
        .filter(Boolean)) {
        const [k, v] = part.split('=').map((x) => x?.trim());
        if (!k || !v) bad('properties', msg.properties);
        else properties[k] = v;
      }
      const sku = get('sku') || null;
      if (sku) {
        if (!BARCODE.test(sku)) bad('sku', msg.barcode);
        if (seenSku.has(sku)) bad('sku', `${msg.duplicate} (${seenSku.get(sku)})`);
        seenSku.set(sku, rowNumber);
      }
      const barcodes = get('barcodes')
        .split(/[,،\s]+/)
        .map((b) => b.trim())
        .filter(Boolean);
      for (const b of barcodes) {
        if (!BARCODE.test(b)) bad('barcodes', `${msg.barcode}: ${b}`);
        if (seenBarcode.has(b)) bad('barcodes', `${msg.duplicate}: ${b} (${seenBarcode.get(b)})`);
        seenBarcode.set(b, rowNumber);
      }
      const parsed: ParsedRow = {
        row: rowNumber,
        nameAr,
        nameEn: get('nameEn') || null,
        category: get('category') || null,
        unit,
        vatRate,
        sku,
        barcodes,
        properties,
        sellPrice: sellPrice ?? 0,
        minSellPrice: minSellPrice ?? 0,
        avgCost,
        lowStockThreshold,
        tracking: tracking ?? null,
        imeiCount,
        stock,
        columns,
      };
      rows.push(parsed);
      if (sku && !firstBySku.has(sku))
        firstBySku.set(sku, {
          parsed,
          raw: Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.key, get(c.key)])),
        });
    };
  }

  /** A row's opening stock columns, checked on their own (null: the row brings no stock). */
  private rowStock(
    get: (key: string) => string,
    value: (key: string) => ExcelJS.CellValue,
    bad: (key: string, message: string) => void,
    msg: Record<string, string>,
  ): RowStock | null {
    const date = (key: string) => {
      const d = parseDateCell(value(key), get(key));
      if (d === undefined) bad(key, msg.date);
      return d;
    };
    const expiryDate = date('expiryDate');
    const productionDate = date('productionDate');
    if (STOCK_COLUMN_KEYS.every((k) => !get(k)) && !expiryDate && !productionDate) return null;
    const quantity = parseQuantity(get('quantity'));
    if (quantity === undefined) bad('quantity', msg.quantity);
    const lot = get('lot') || null;
    if (lot && expiryDate === null) bad('expiryDate', msg.required);
    if (!lot && (expiryDate || productionDate)) bad('lot', msg.required);
    return {
      inventory: get('inventory') || null,
      quantity: quantity ?? null,
      codes: serialCodes(get('serials')),
      lot,
      expiryDate: expiryDate ?? null,
      productionDate: productionDate ?? null,
    };
  }

  /** Preview, import, or hand a large file to the background queue. */
  async import(
    buffer: Buffer,
    dryRun: boolean,
    user: AuthUser,
    meta: RequestMeta,
    locale: Locale,
  ): Promise<ImportReportDto> {
    const parsed = await this.parse(buffer, user, locale);
    if (!dryRun && parsed.errors.length === 0 && parsed.rows.length > importJobThreshold()) {
      // One job per keyed request: a retry of the same request (same key, same file) finds its
      // job (BullMQ adds no second job of an id it holds) and follows it; the job's command runs
      // once per key in any case (CommandRunner). A corrected file under the same key is another
      // request: another job, whose command the key then refuses (409) or runs after a failure.
      const idem = meta.idempotency;
      // (a UUID, as GET /jobs/{id} takes: derived from the key and the request's hash)
      const jobId = idem ? uuidv5(`${idem.key}:${idem.hash}`, IMPORT_JOB_NAMESPACE) : uuidv7();
      await this.queue.add(
        'import-products',
        { file: buffer.toString('base64'), user, meta, locale },
        { jobId, removeOnComplete: { age: 86400 }, removeOnFail: { age: 86400 }, attempts: 1 },
      );
      return {
        dryRun: false,
        totalRows: parsed.rows.length,
        created: 0,
        updated: 0,
        errors: [],
        preview: [],
        jobId,
      };
    }
    return this.apply(parsed, dryRun, user, meta, locale);
  }

  async apply(
    parsed: { rows: ParsedRow[]; errors: ImportReportDto['errors'] },
    dryRun: boolean,
    user: AuthUser,
    meta: RequestMeta,
    locale: Locale,
    progress?: (percent: number) => Promise<void>,
  ): Promise<ImportReportDto> {
    const msg = ROW_MESSAGES[locale];
    const existing = new Map<string, string>();
    const skus = parsed.rows.map((r) => r.sku).filter((s): s is string => !!s);
    for (const chunk of chunks(skus, 5000)) {
      for (const r of await this.ds.query('SELECT sku, id FROM variants WHERE sku = ANY($1)', [
        chunk,
      ]))
        existing.set(r.sku, r.id);
    }
    // Barcodes already used by a variant other than the row's own SKU.
    const errors = [...parsed.errors];
    const codes = parsed.rows.flatMap((r) => r.barcodes);
    const owners = new Map<string, string>();
    for (const chunk of chunks(codes, 5000)) {
      for (const r of await this.ds.query(
        'SELECT barcode, variant_id FROM variant_barcodes WHERE barcode = ANY($1)',
        [chunk],
      ))
        owners.set(r.barcode, r.variant_id);
    }
    for (const r of parsed.rows) {
      for (const b of r.barcodes) {
        const owner = owners.get(b);
        if (owner && owner !== (r.sku ? existing.get(r.sku) : undefined)) {
          errors.push({
            row: r.row,
            column: locale === 'ar' ? 'الباركود' : 'Barcodes',
            message: `${msg.taken}: ${b}`,
          });
        }
      }
    }
    const label = (key: string) =>
      IMPORT_COLUMNS.find((c) => c.key === key)![locale === 'ar' ? 'ar' : 'en'];
    await checkImportStock(
      this.ds.manager,
      parsed.rows,
      existing,
      user,
      locale,
      msg,
      (row, key, message) => errors.push({ row, column: label(key), message }),
    );
    const products = parsed.rows.filter((r) => !r.continues);
    const preview = products.slice(0, 50).map((r) => ({
      row: r.row,
      nameAr: r.nameAr,
      sku: r.sku ?? '',
      barcode: r.barcodes[0] ?? null,
      sellPrice: r.sellPrice,
      action: (r.sku && existing.has(r.sku) ? 'update' : 'create') as 'create' | 'update',
    }));
    const report: ImportReportDto = {
      dryRun: true,
      totalRows: parsed.rows.length,
      created: products.filter((r) => !(r.sku && existing.has(r.sku))).length,
      updated: products.filter((r) => r.sku && existing.has(r.sku)).length,
      errors: errors.sort((a, b) => a.row - b.row),
      preview,
    };
    if (dryRun) return report;
    if (errors.length) {
      // The same request again after it was imported: its own rows now read as taken (its
      // serials in stock, its barcodes used): the key answers the first import's report.
      const first = await this.runner.replay(meta);
      return first ? (first.result as ImportReportDto) : report;
    }

    // One transaction: a failure anywhere leaves nothing imported. Under a key seen before, the
    // command writes nothing and answers the report it stored the first time.
    return this.commands.execute<ImportProductsCommand, ImportReportDto>(
      new ImportProductsCommand(parsed.rows, existing, report, user, meta, progress),
    );
  }
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
