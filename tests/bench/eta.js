// `npm run bench -- eta [--receipts 10000] [--serials 4] [--batch 100] [--port 3671] [--database-url URL]`
// (after `npm run build`). Issue 17: --receipts e-receipts, chained on --serials POS serials, are
// queued at once (written straight into e_receipts, as the sale subscriber stores them) and the
// built server in its own process submits them to the local ETA simulator through its BullMQ
// worker (batches of --batch, then status polling) until every one is valid. Reports the
// throughput and the queue latency (queued → accepted by ETA, queued → valid) per receipt.
const { Buffer } = require('node:buffer');
const { createCipheriv, createHash, randomBytes, randomUUID } = require('node:crypto');
const { cpus, loadavg } = require('node:os');
const { performance } = require('node:perf_hooks');
const { Client } = require('pg');
const {
  arg,
  benchDatabase,
  dist,
  percentiles,
  report,
  startServerProcess,
  stopServerProcess,
} = require('./lib');

const RECEIPTS = Number(arg('receipts', '10000'));
const SERIALS = Number(arg('serials', '4'));
const BATCH = Number(arg('batch', '100'));
const PORT = Number(arg('port', '3671'));
const MASTER_KEY = 'bench-master-key';
const sha = (s) => createHash('sha256').update(s, 'utf8').digest('hex');

/** SecretsService.encrypt with MASTER_KEY (the server process gets the same key). */
function encrypt(plain) {
  const key = createHash('sha256').update(MASTER_KEY).digest();
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return [
    'v1',
    iv.toString('base64'),
    c.getAuthTag().toString('base64'),
    data.toString('base64'),
  ].join(':');
}

async function main() {
  process.env.LOG_LEVEL = 'silent';
  const db = await benchDatabase();
  const { runMigrations } = require(dist('core/database/data-source.js'));
  const { seedFirstStart } = require(dist('seed/first-start.js'));
  const { buildEtaReceipt } = require('@pos/contracts');
  const { EtaSimulator } = require(dist('eta-sim/eta-simulator.js'));
  await runMigrations(db.url);
  await seedFirstStart(db.url);
  const sim = new EtaSimulator({ validationDelayMs: 0 });
  const simUrl = await sim.start();
  const pg = new Client({ connectionString: db.url });
  await pg.connect();
  let server;
  try {
    await pg.query(
      `INSERT INTO eta_company (id, rin, name, activity_code, country, governate, region_city, street, building_number, environment, receipt_batch_size)
       VALUES (1, '123456789', 'متجر القياس', '4711', 'EG', 'Cairo', 'Nasr City', 'Street', '1', 'sim', $1)
       ON CONFLICT (id) DO UPDATE SET environment = 'sim', receipt_batch_size = $1`,
      [BATCH],
    );
    const serials = Array.from({ length: SERIALS }, (_, i) => `BENCH-POS-${i + 1}`);
    const branchIds = [];
    for (const serial of serials) {
      const id = randomUUID();
      branchIds.push(id);
      await pg.query(
        `INSERT INTO branches (id, name, receipt_pos_serial, receipt_client_id, receipt_client_secret, e_receipts_enabled)
         VALUES ($1, $2, $3, $4, $5, true)`,
        [id, `فرع ${serial}`, serial, `client-${serial}`, encrypt('bench-secret')],
      );
    }
    // the receipts, chained per serial, built exactly as the sale subscriber builds them
    const t0 = performance.now();
    const rows = [];
    const heads = new Map(serials.map((s) => [s, { uuid: '', seq: 0 }]));
    for (let n = 0; n < RECEIPTS; n++) {
      const serial = serials[n % SERIALS];
      const head = heads.get(serial);
      const built = buildEtaReceipt(
        {
          kind: 's',
          dateTimeIssued: new Date(Date.now() - 5000),
          receiptNumber: `BENCH-${n + 1}`,
          previousUUID: head.uuid,
          seller: {
            rin: '123456789',
            companyTradeName: 'متجر القياس',
            branchCode: '0',
            branchAddress: {
              country: 'EG',
              governate: 'Cairo',
              regionCity: 'Nasr City',
              street: 'Street',
              buildingNumber: '1',
            },
            deviceSerialNumber: serial,
            activityCode: '4711',
          },
          buyer: { type: 'P' },
          paymentMethod: 'C',
          lines: [
            {
              internalCode: 'SKU-1',
              description: 'صنف',
              itemType: 'EGS',
              itemCode: 'EG-123456789-SKU-1',
              unitType: 'EA',
              quantity: 1 + (n % 3),
              unitPrice: '87.71930',
              vatRate: 14,
            },
            {
              internalCode: 'SKU-2',
              description: 'صنف آخر',
              itemType: 'EGS',
              itemCode: 'EG-123456789-SKU-2',
              unitType: 'KGM',
              quantity: '0.5',
              unitPrice: '10.00000',
              commercialDiscount: '0.5',
              vatRate: 14,
            },
          ],
        },
        sha,
      );
      head.seq += 1;
      rows.push([
        randomUUID(),
        branchIds[n % SERIALS],
        serial,
        head.seq,
        `BENCH-${n + 1}`,
        built.uuid,
        head.uuid,
        JSON.parse(built.json).header.dateTimeIssued,
        built.totalAmount,
        built.json,
      ]);
      head.uuid = built.uuid;
    }
    const buildMs = performance.now() - t0;
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000);
      const col = (k) => chunk.map((r) => r[k]);
      await pg.query(
        `INSERT INTO e_receipts (id, kind, sale_id, branch_id, pos_serial, chain_seq, receipt_number, uuid, previous_uuid, date_time_issued, total_amount, json, status)
         SELECT id, 's', gen_random_uuid(), b, s, q, rn, u, p, d, t::numeric, j, 'queued'
           FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
             AS x(id, b, s, q, rn, u, p, d, t, j)`,
        [col(0), col(1), col(2), col(3), col(4), col(5), col(6), col(7), col(8), col(9)],
      );
    }
    await pg.query(`UPDATE e_receipts SET created_at = now(), next_attempt_at = now()`);
    process.env.ETA_SIM_URL = simUrl;
    process.env.MASTER_KEY = MASTER_KEY;
    process.env.ETA_POLL_MS = '200';
    process.env.ETA_SWEEP_MS = '500';
    const started = performance.now();
    const load0 = loadavg();
    server = await startServerProcess(db.url, PORT);
    // the server's start (migrations checked, Nest, BullMQ) is not the queue's latency: the
    // figures below are also given from the moment it is ready (its worker starts on the backlog)
    const readyMs = performance.now() - started;
    const {
      rows: [{ ready }],
    } = await pg.query('SELECT now() AS ready');
    for (;;) {
      const {
        rows: [c],
      } = await pg.query(
        `SELECT count(*) FILTER (WHERE status = 'valid')::int AS valid,
                count(*) FILTER (WHERE status IN ('invalid', 'rejected') OR dead_letter)::int AS failed
           FROM e_receipts`,
      );
      if (c.valid + c.failed >= RECEIPTS) {
        if (c.failed) throw new Error(`${c.failed} receipt(s) failed`);
        break;
      }
      if (performance.now() - started > 15 * 60 * 1000)
        throw new Error(`timeout: ${c.valid} valid`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const elapsed = (performance.now() - started) / 1000;
    const load1 = loadavg();
    const lat = (
      await pg.query(
        `SELECT extract(epoch FROM submitted_at - created_at) * 1000 AS sub,
                extract(epoch FROM validated_at - created_at) * 1000 AS val,
                extract(epoch FROM submitted_at - greatest(created_at, $1)) * 1000 AS sub_ready,
                extract(epoch FROM validated_at - greatest(created_at, $1)) * 1000 AS val_ready
           FROM e_receipts`,
        [ready],
      )
    ).rows;
    const drainS = elapsed - readyMs / 1000;
    console.log(
      `eta: ${RECEIPTS} receipts on ${SERIALS} serials, batches of ${BATCH}; built in ${buildMs.toFixed(0)} ms`,
    );
    console.log(
      `all valid at the simulator in ${elapsed.toFixed(1)} s (server start included): ${(RECEIPTS / elapsed).toFixed(0)} receipts/s; ${sim.stats.submissions} submissions, ${sim.stats.status} status polls, duplicates ${sim.submitted.length - new Set(sim.submitted).size}`,
    );
    console.log(
      `server ready in ${(readyMs / 1000).toFixed(1)} s; from then all valid in ${drainS.toFixed(1)} s: ${(RECEIPTS / drainS).toFixed(0)} receipts/s`,
    );
    report('queued → accepted (ETA)', percentiles(lat.map((r) => Number(r.sub))));
    report('queued → valid', percentiles(lat.map((r) => Number(r.val))));
    report('ready → accepted (ETA)', percentiles(lat.map((r) => Number(r.sub_ready))));
    report('ready → valid', percentiles(lat.map((r) => Number(r.val_ready))));
    console.log(
      `load average (1/5/15 min) at the start ${load0.map((x) => x.toFixed(2)).join(' / ')}, at the end ${load1.map((x) => x.toFixed(2)).join(' / ')} (${cpus().length} cores)`,
    );
    for (const s of serials)
      if (sim.chain(s).length !== RECEIPTS / SERIALS) throw new Error(`chain of ${s} broken`);
    console.log('chains: every serial one unbroken chain at the simulator');
  } finally {
    await stopServerProcess(server);
    await pg.end();
    await sim.stop();
    await db.drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
