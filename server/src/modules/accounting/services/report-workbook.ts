import {
  addSheet,
  addTypedRow,
  dayCell,
  DATE_FORMAT,
  type ExcelJS,
  workbookBuffer,
  type CellType,
  newWorkbook,
} from '../../../core/excel/workbook';
import type {
  AccountStatementDto,
  BalanceSheetDto,
  IncomeStatementDto,
  Locale,
  ReportSectionDto,
  TrialBalanceDto,
} from '@pos/contracts';
import { journalDescriptionText } from './journal-description-text';

// The books' reports as Excel workbooks (issue 13 item 6). Made on the server from the same DTO
// the screen shows: amounts are numbers in pounds (integer piasters / 100, two decimals), days are
// the store's business days written as dates (dd/mm/yyyy), the Arabic sheet runs right to left.

export { XLSX_TYPE } from '../../../core/excel/workbook';

const LABELS = {
  ar: {
    trialBalance: 'ميزان المراجعة',
    statement: 'كشف حساب',
    incomeStatement: 'قائمة الدخل',
    balanceSheet: 'الميزانية العمومية',
    from: 'من',
    to: 'إلى',
    at: 'في',
    all: 'كل الفروع',
    branch: 'الفرع',
    code: 'الكود',
    account: 'الحساب',
    party: 'الطرف',
    openingDebit: 'رصيد أول المدة مدين',
    openingCredit: 'رصيد أول المدة دائن',
    debit: 'مدين',
    credit: 'دائن',
    closingDebit: 'رصيد آخر المدة مدين',
    closingCredit: 'رصيد آخر المدة دائن',
    totals: 'الإجمالي',
    date: 'التاريخ',
    entry: 'رقم القيد',
    source: 'المستند',
    description: 'البيان',
    balance: 'الرصيد',
    opening: 'رصيد أول المدة',
    closing: 'رصيد آخر المدة',
    amount: 'المبلغ',
    revenue: 'الإيرادات',
    contraRevenue: 'مردودات ومسموحات المبيعات',
    netSales: 'صافي المبيعات',
    cogs: 'تكلفة البضاعة المباعة',
    grossProfit: 'مجمل الربح',
    expenses: 'المصروفات',
    otherIncome: 'إيرادات أخرى',
    netProfit: 'صافي الربح',
    assets: 'الأصول',
    liabilities: 'الخصوم',
    equity: 'حقوق الملكية',
    profit: 'أرباح (خسائر) لم تُرحَّل بعد',
    interBranch: 'أرصدة بين الفروع',
    totalEquity: 'إجمالي حقوق الملكية',
    totalLiabilitiesAndEquity: 'إجمالي الخصوم وحقوق الملكية',
  },
  en: {
    trialBalance: 'Trial balance',
    statement: 'Account statement',
    incomeStatement: 'Income statement',
    balanceSheet: 'Balance sheet',
    from: 'From',
    to: 'To',
    at: 'At',
    all: 'All branches',
    branch: 'Branch',
    code: 'Code',
    account: 'Account',
    party: 'Party',
    openingDebit: 'Opening debit',
    openingCredit: 'Opening credit',
    debit: 'Debit',
    credit: 'Credit',
    closingDebit: 'Closing debit',
    closingCredit: 'Closing credit',
    totals: 'Totals',
    date: 'Date',
    entry: 'Entry no.',
    source: 'Document',
    description: 'Description',
    balance: 'Balance',
    opening: 'Opening balance',
    closing: 'Closing balance',
    amount: 'Amount',
    revenue: 'Revenue',
    contraRevenue: 'Sales returns and allowances',
    netSales: 'Net sales',
    cogs: 'Cost of goods sold',
    grossProfit: 'Gross profit',
    expenses: 'Expenses',
    otherIncome: 'Other income',
    netProfit: 'Net profit',
    assets: 'Assets',
    liabilities: 'Liabilities',
    equity: 'Equity',
    profit: 'Profit (loss) not yet closed',
    interBranch: 'Inter-branch balances',
    totalEquity: 'Total equity',
    totalLiabilitiesAndEquity: 'Total liabilities and equity',
  },
} as const;

type Labels = (typeof LABELS)[Locale];

const name = (a: { nameAr: string; nameEn: string | null }, locale: Locale) =>
  locale === 'en' && a.nameEn ? a.nameEn : a.nameAr;

/** One report's sheet (the helper's): typed rows, the title and parameters on top. */
class Sheet {
  readonly ws: ExcelJS.Worksheet;
  constructor(
    wb: ExcelJS.Workbook,
    title: string,
    readonly locale: Locale,
    widths: number[],
  ) {
    this.ws = addSheet(
      wb,
      title,
      locale,
      widths.map((width) => ({ width })),
    );
  }

  /** A row: numbers are written as amounts (piasters as pounds), Dates as days, the rest as text. */
  add(values: (string | number | Date | null)[], opts: { bold?: boolean } = {}): ExcelJS.Row {
    const typed = values.map((v): [CellType, unknown] =>
      typeof v === 'number' ? ['money', v] : v instanceof Date ? ['day', v] : ['text', v],
    );
    return addTypedRow(this.ws, typed, this.locale, 'UTC', opts);
  }

  /** The report's title and its parameters, then a blank row. */
  header(title: string, facts: [string, string | Date | null][]): void {
    this.ws.addRow([title]).font = { bold: true, size: 14 };
    for (const [label, value] of facts) {
      const row = this.ws.addRow([label, value]);
      if (value instanceof Date) row.getCell(2).numFmt = DATE_FORMAT;
    }
    this.ws.addRow([]);
  }
}

const buffer = workbookBuffer;

export async function trialBalanceWorkbook(
  report: TrialBalanceDto,
  locale: Locale,
  branchName: string | null,
): Promise<Buffer> {
  const L: Labels = LABELS[locale];
  const wb = newWorkbook();
  const s = new Sheet(wb, L.trialBalance, locale, [12, 36, 16, 16, 16, 16, 16, 16]);
  s.header(L.trialBalance, [
    [L.from, dayCell(report.from)],
    [L.to, dayCell(report.to)],
    [L.branch, branchName ?? L.all],
  ]);
  s.add(
    [
      L.code,
      L.account,
      L.openingDebit,
      L.openingCredit,
      L.debit,
      L.credit,
      L.closingDebit,
      L.closingCredit,
    ],
    { bold: true },
  );
  for (const r of report.rows)
    s.add([
      r.code,
      name(r, locale),
      r.openingDebit,
      r.openingCredit,
      r.debit,
      r.credit,
      r.closingDebit,
      r.closingCredit,
    ]);
  const t = report.totals;
  s.add(
    [
      L.totals,
      '',
      t.openingDebit,
      t.openingCredit,
      t.debit,
      t.credit,
      t.closingDebit,
      t.closingCredit,
    ],
    { bold: true },
  );
  return buffer(wb);
}

export async function statementWorkbook(
  report: AccountStatementDto,
  locale: Locale,
  branchName: string | null,
): Promise<Buffer> {
  const L: Labels = LABELS[locale];
  const wb = newWorkbook();
  const s = new Sheet(wb, L.statement, locale, [12, 12, 18, 40, 16, 16, 16]);
  s.header(`${L.statement}: ${report.account.code} ${name(report.account, locale)}`, [
    [L.from, dayCell(report.from)],
    [L.to, dayCell(report.to)],
    [L.branch, branchName ?? L.all],
    ...(report.partyName ? [[L.party, report.partyName] as [string, string]] : []),
  ]);
  s.add([L.date, L.entry, L.source, L.description, L.debit, L.credit, L.balance], {
    bold: true,
  });
  s.add([null, null, null, L.opening, null, null, report.opening], { bold: true });
  for (const l of report.lines)
    s.add([
      dayCell(l.day),
      String(l.entryNumber),
      l.sourceNumber ?? '',
      journalDescriptionText(locale, l.sourceType, l.description),
      l.debit,
      l.credit,
      l.balance,
    ]);
  s.add([null, null, null, L.closing, report.totals.debit, report.totals.credit, report.closing], {
    bold: true,
  });
  return buffer(wb);
}

function addSection(s: Sheet, title: string, sec: ReportSectionDto, sign = 1): void {
  s.add([title], { bold: true });
  for (const r of sec.rows) s.add([r.code, name(r, s.locale), sign * r.amount]);
  s.add(['', LABELS[s.locale].totals, sign * sec.total], { bold: true });
}

export async function incomeStatementWorkbook(
  report: IncomeStatementDto,
  locale: Locale,
  branchName: string | null,
): Promise<Buffer> {
  const L: Labels = LABELS[locale];
  const wb = newWorkbook();
  const s = new Sheet(wb, L.incomeStatement, locale, [12, 40, 18]);
  s.header(L.incomeStatement, [
    [L.from, dayCell(report.from)],
    [L.to, dayCell(report.to)],
    [L.branch, branchName ?? L.all],
  ]);
  s.add([L.code, L.account, L.amount], { bold: true });
  addSection(s, L.revenue, report.revenue);
  addSection(s, L.contraRevenue, report.contraRevenue, -1);
  s.add(['', L.netSales, report.netSales], { bold: true });
  addSection(s, L.cogs, report.cogs, -1);
  s.add(['', L.grossProfit, report.grossProfit], { bold: true });
  addSection(s, L.expenses, report.expenses, -1);
  addSection(s, L.otherIncome, report.otherIncome);
  s.add(['', L.netProfit, report.netProfit], { bold: true });
  return buffer(wb);
}

export async function balanceSheetWorkbook(
  report: BalanceSheetDto,
  locale: Locale,
  branchName: string | null,
): Promise<Buffer> {
  const L: Labels = LABELS[locale];
  const wb = newWorkbook();
  const s = new Sheet(wb, L.balanceSheet, locale, [12, 40, 18]);
  s.header(L.balanceSheet, [
    [L.at, dayCell(report.at)],
    [L.branch, branchName ?? L.all],
  ]);
  s.add([L.code, L.account, L.amount], { bold: true });
  addSection(s, L.assets, report.assets);
  addSection(s, L.liabilities, report.liabilities);
  addSection(s, L.equity, report.equity);
  s.add(['', L.profit, report.profit]);
  if (report.interBranch) s.add(['', L.interBranch, report.interBranch]);
  s.add(['', L.totalEquity, report.totalEquity], { bold: true });
  s.add(['', L.totalLiabilitiesAndEquity, report.totalLiabilitiesAndEquity], { bold: true });
  return buffer(wb);
}
