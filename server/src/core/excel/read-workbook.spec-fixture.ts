import ExcelJS from 'exceljs';

// Reading a produced workbook back as a user's spreadsheet would (the workbook builders' specs).

export async function openSheet(file: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  return wb.worksheets[0];
}

/** Every value in the sheet, row by row. */
export const sheetValues = (ws: ExcelJS.Worksheet) =>
  ws
    .getSheetValues()
    .flatMap((row) => (Array.isArray(row) ? row : []))
    .filter((v) => v !== null && v !== undefined);

/** A nested i18n object as { 'a.b': text }. */
export const flatStrings = (o: Record<string, unknown>, p = ''): [string, unknown][] =>
  Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object'
      ? flatStrings(v as Record<string, unknown>, `${p}${k}.`)
      : [[p + k, v]],
  );
