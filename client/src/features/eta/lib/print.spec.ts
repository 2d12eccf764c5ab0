import type { EReceiptPrintDto } from '@pos/contracts';
import { etaApi } from '../api/eta.api';
import { loadEReceiptMark, rememberLocalEReceipt } from './print';

jest.mock('../api/eta.api', () => ({ etaApi: { ofSale: jest.fn() } }));
jest.mock('qrcode', () => ({ toDataURL: async (text: string) => `data:image/png;qr=${text}` }));

const ofSale = etaApi.ofSale as jest.MockedFunction<typeof etaApi.ofSale>;

const receipt = (over: Partial<EReceiptPrintDto> = {}): EReceiptPrintDto => ({
  id: 'r1',
  kind: 's',
  returnId: null,
  uuid: 'a'.repeat(64),
  qr: 'https://portal/receipts/search/aaa/share/2026-12-07T03:00:00Z#Total:10.00000,IssuerRIN:1',
  status: 'queued',
  dateTimeIssued: '2026-12-07T03:00:00Z',
  totalAmount: '10.00000',
  issuerRin: '123456789',
  branchCode: '0',
  ...over,
});

// jsdom-free: the timeout race uses window.setTimeout
(globalThis as { window?: unknown }).window = globalThis;

describe("the printed receipt's e-receipt mark", () => {
  beforeEach(() => ofSale.mockReset());

  it("a sale's answer that carried its e-receipt prints it with no read", async () => {
    rememberLocalEReceipt('s1', receipt());
    const mark = await loadEReceiptMark('s1');
    expect(ofSale).not.toHaveBeenCalled();
    expect(mark).toMatchObject({ uuid: 'a'.repeat(64), issuerRin: '123456789', branchCode: '0' });
    expect(mark?.qrImage).toContain('IssuerRIN:1');
  });

  it('a sale known to have none prints none, with no read', async () => {
    rememberLocalEReceipt('s2', null);
    expect(await loadEReceiptMark('s2')).toBeNull();
    expect(ofSale).not.toHaveBeenCalled();
  });

  it('a sale the till knows nothing of is read from the server, and a return always is', async () => {
    ofSale.mockResolvedValue([receipt({ uuid: 'b'.repeat(64) })]);
    expect((await loadEReceiptMark('s3'))?.uuid).toBe('b'.repeat(64));
    rememberLocalEReceipt('s4', null);
    ofSale.mockResolvedValue([receipt(), receipt({ id: 'r2', kind: 'r', returnId: 'ret1' })]);
    expect((await loadEReceiptMark('s4', 'ret1'))?.uuid).toBe('a'.repeat(64));
    expect(ofSale).toHaveBeenCalledTimes(2);
  });
});
