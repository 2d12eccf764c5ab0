import type { DataSource, EntityManager } from 'typeorm';
import { appDataSource } from '../app-data-source';
import type { SaleCompletedEvent } from '@pos/contracts';
import { SecretsService } from '../core/auth/secrets.service';
import { CommandTransaction } from '../core/cqrs/command-transaction';
import { DomainEventSubscribers } from '../core/cqrs/domain-event-subscribers';
import { IssueEReceiptHandler } from '../modules/einvoicing';
import type { EtaSimulator } from '../eta-sim/eta-simulator';

/** The demo's ETA registration (a made-up RIN: nothing is sent to ETA from the demo). */
export const DEMO_ETA = {
  rin: '100200300',
  posSerial: 'DEMO-POS-0001',
  clientId: 'demo-pos-client',
  clientSecret: 'demo-pos-secret',
  /** what the simulator said about the one invalid receipt (its own validation message) */
  invalidError: { code: 'RV004', message: 'Calculation is not valid: totalAmount' },
  receipts: 6,
};

/**
 * E-receipts in the demo (issue 17), when it runs with the local simulator (ETA_ENV=sim, which
 * `npm run demo` and the e2e server start): the company info (environment sim), the first branch
 * registered with ETA (branch code 0, a POS serial and its credentials) with e-receipts on, and
 * the receipts of its latest sales, chained on that serial as the sale subscriber builds them —
 * all valid at ETA but one, invalid with ETA's error. Idempotent: nothing is issued twice.
 * Without the simulator the demo leaves e-receipts off (every sale would wait for an ETA that the
 * demo cannot reach).
 */
export async function seedDemoEta(ds: DataSource): Promise<void> {
  if (process.env.ETA_ENV !== 'sim') return;
  const secrets = new SecretsService(ds);
  await secrets.onModuleInit();
  await ds.transaction((m) => seedEtaDemoIn(m, secrets));
}

export async function seedEtaDemoIn(m: EntityManager, secrets: SecretsService): Promise<void> {
  await m.query(
    `INSERT INTO eta_company (id, rin, name, activity_code, country, governate, region_city, street,
                              building_number, postal_code, environment, erp_client_id, receipt_batch_size)
     VALUES (1, $1, 'متجر العرض للتجزئة', '4719', 'EG', 'القاهرة', 'وسط البلد', 'شارع طلعت حرب', '12', '11511', 'sim', 'demo-erp-client', 50)
     ON CONFLICT (id) DO NOTHING`,
    [DEMO_ETA.rin],
  );
  const [branch] = (await m.query(
    `SELECT id, receipt_pos_serial FROM branches ORDER BY created_at LIMIT 1`,
  )) as { id: string; receipt_pos_serial: string | null }[];
  if (!branch) return;
  if (!branch.receipt_pos_serial) {
    await m.query(
      `UPDATE branches SET tax_branch_number = '0', receipt_pos_serial = $2, receipt_client_id = $3,
              receipt_client_secret = $4, receipts_os_version = 'Windows 11', e_receipts_enabled = true
        WHERE id = $1`,
      [branch.id, DEMO_ETA.posSerial, DEMO_ETA.clientId, secrets.encrypt(DEMO_ETA.clientSecret)],
    );
  }
  const [{ n }] = (await m.query('SELECT count(*)::int AS n FROM e_receipts WHERE branch_id = $1', [
    branch.id,
  ])) as { n: number }[];
  if (n > 0) return;
  // the branch's latest sales (oldest first, so the chain follows the sales' order)
  const sales = (await m.query(
    `SELECT s.id, s.number, s.branch_id FROM sales_invoices s
      WHERE s.branch_id = $1 AND s.status = 'completed'
        AND EXISTS (SELECT 1 FROM sale_lines l WHERE l.invoice_id = s.id)
      ORDER BY s.created_at DESC LIMIT $2`,
    [branch.id, DEMO_ETA.receipts],
  )) as { id: string; number: string; branch_id: string }[];
  const issuer = new IssueEReceiptHandler(new DomainEventSubscribers());
  // the handler needs the transaction's manager; what it queues (live pushes, the answer's
  // receipt) has no one to reach here and is dropped with it
  const tx = new CommandTransaction(m, { ip: null, userAgent: null, userId: null });
  for (const sale of sales.reverse()) {
    const payments = (await m.query(
      `SELECT DISTINCT pm.type FROM sale_payments p JOIN payment_methods pm ON pm.id = p.method_id
        WHERE p.invoice_id = $1 AND p.kind = 'payment'`,
      [sale.id],
    )) as { type: string }[];
    await issuer.onSale(tx, {
      saleId: sale.id,
      number: sale.number,
      branchId: sale.branch_id,
      payments: payments.map((p) => ({ type: p.type })),
    } as unknown as SaleCompletedEvent);
  }
  // ETA's verdicts: valid, but the second latest receipt invalid with ETA's message
  const issued = (await m.query(
    `SELECT id FROM e_receipts WHERE branch_id = $1 ORDER BY chain_seq`,
    [branch.id],
  )) as { id: string }[];
  const invalid = issued.length >= 2 ? issued[issued.length - 2].id : null;
  await m.query(
    `UPDATE e_receipts SET status = CASE WHEN id = $2 THEN 'invalid' ELSE 'valid' END,
            errors = CASE WHEN id = $2 THEN $3::jsonb ELSE '[]'::jsonb END,
            attempts = 1, submission_id = 'demo-' || chain_seq,
            submitted_at = now() - interval '2 minutes', validated_at = now() - interval '1 minute'
      WHERE branch_id = $1`,
    [branch.id, invalid, JSON.stringify([DEMO_ETA.invalidError])],
  );
}

/**
 * The simulator starts empty each time; the database keeps each POS serial's chain. Tells it every
 * chain head so the next receipts (chained on them) are accepted (`npm run demo`, the e2e server).
 */
export async function adoptDemoChains(url: string, sim: EtaSimulator): Promise<void> {
  const ds = appDataSource(url);
  await ds.initialize();
  try {
    const heads = (await ds.query('SELECT pos_serial, last_uuid FROM e_receipt_chains')) as {
      pos_serial: string;
      last_uuid: string;
    }[];
    for (const h of heads) sim.adoptChain(h.pos_serial, h.last_uuid);
  } finally {
    await ds.destroy();
  }
}
