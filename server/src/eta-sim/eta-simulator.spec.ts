import { createHash } from 'node:crypto';
import { buildEtaReceipt } from '@pos/contracts';
import { EtaSimulator, receiptTexts } from './eta-simulator';

describe('ETA simulator: receipts of a submission', () => {
  it('splits the receipts array into the exact texts sent (strings with brackets, nesting)', () => {
    const a = '{"header":{"uuid":"x","n":"a]}{["},"itemData":[{"q":1.50}]}';
    const b = '{ "header" : { "uuid" : "y\\"" } }';
    expect(receiptTexts(`{"receipts":[${a}, ${b}]}`)).toEqual([a, b]);
    expect(receiptTexts('{"receipts":[]}')).toEqual([]);
  });
});

describe('ETA simulator: a chain it did not see (a restarted demo)', () => {
  const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
  const head = sha('the last receipt ETA already holds');
  const receipt = buildEtaReceipt(
    {
      kind: 's',
      dateTimeIssued: new Date(Date.now() - 5000),
      receiptNumber: 'DEMO-7',
      previousUUID: head,
      seller: {
        rin: '100200300',
        companyTradeName: 'متجر',
        branchCode: '0',
        branchAddress: {
          country: 'EG',
          governate: 'Cairo',
          regionCity: 'Nasr City',
          street: 'Street',
          buildingNumber: '1',
        },
        deviceSerialNumber: 'POS-1',
        activityCode: '4711',
      },
      buyer: { type: 'P' },
      paymentMethod: 'C',
      lines: [
        {
          internalCode: 'SKU-1',
          description: 'صنف',
          itemType: 'EGS',
          itemCode: 'EG-100200300-SKU-1',
          unitType: 'EA',
          quantity: 2,
          unitPrice: '87.71930',
          vatRate: 14,
        },
      ],
    },
    sha,
  );

  async function submit(sim: EtaSimulator): Promise<{ status: number; body: string }> {
    const token = await fetch(`${sim.url}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', posserial: 'POS-1' },
      body: 'grant_type=client_credentials&client_id=c&client_secret=s',
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const res = await fetch(`${sim.url}/api/v1/receiptsubmissions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token.access_token}`,
      },
      body: `{"receipts":[${receipt.json}]}`,
    });
    return { status: res.status, body: await res.text() };
  }

  it('refuses a receipt following an unknown UUID, accepts it once told the head', async () => {
    const sim = new EtaSimulator();
    await sim.start();
    try {
      const unknown = await submit(sim);
      expect(unknown.status).toBe(400);
      expect(unknown.body).toContain('RV003');
      sim.reset();
      sim.adoptChain('POS-1', head);
      const adopted = await submit(sim);
      expect(adopted.status).toBe(202);
      expect(sim.receipts.get(receipt.uuid)?.previousUUID).toBe(head);
    } finally {
      await sim.stop();
    }
  });
});
