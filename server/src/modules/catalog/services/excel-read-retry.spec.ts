import { ExcelService } from './excel.service';

// exceljs#3064: the streaming reader sometimes throws on a good workbook; the import reads again.
describe('reading an import workbook', () => {
  const user = { id: 'u', permissions: [] } as never;
  const make = () => new ExcelService({} as never, {} as never, {} as never, {} as never);
  const good = { rows: [{ row: 2 }], errors: [] };
  const bad = { rows: [], errors: [{ row: 0, message: 'x' }], failure: new TypeError('sheets') };

  it('reads again after a failed read, and gives the rows of the read that worked', async () => {
    const service = make();
    const readOnce = jest
      .spyOn(service as never as { readOnce: () => Promise<unknown> }, 'readOnce')
      .mockResolvedValueOnce(bad)
      .mockResolvedValueOnce(good);
    await expect(service.parse(Buffer.from('x'), user, 'ar')).resolves.toEqual(good);
    expect(readOnce).toHaveBeenCalledTimes(2);
  });

  it('gives up after three failed reads: the file is reported unreadable', async () => {
    const service = make();
    const readOnce = jest
      .spyOn(service as never as { readOnce: () => Promise<unknown> }, 'readOnce')
      .mockResolvedValue(bad);
    await expect(service.parse(Buffer.from('x'), user, 'ar')).resolves.toEqual({
      rows: [],
      errors: [{ row: 0, message: 'x' }],
    });
    expect(readOnce).toHaveBeenCalledTimes(3);
  });

  it('reads a file that is not a workbook once per try and reports it', async () => {
    const report = await make().parse(Buffer.from('not a zip'), user, 'en');
    expect(report.rows).toEqual([]);
    expect(report.errors).toHaveLength(1);
  });
});
