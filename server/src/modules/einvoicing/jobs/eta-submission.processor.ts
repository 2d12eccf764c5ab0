import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job, Queue } from 'bullmq';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { ETA_NOTIFY_CHANNEL } from '../events/on-sale-events.issue-receipt.handler';
import { ETA_DOCUMENTS_WAKE, EtaDocumentService } from './eta-document.service';
import { EtaSubmissionService } from './eta-submission.service';
import { etaBackoffStrategy, etaJobRetry, etaWorkerSettings } from './eta-backoff';

export const ETA_QUEUE = 'eta-receipts';
type SerialJob = { serial: string };

/** Enqueues a run for a POS serial: `now` runs dedupe while waiting, `later` is the delayed one. */
export async function enqueueSerial(queue: Queue, serial: string, delayMs = 0): Promise<void> {
  const id = delayMs > 0 ? `later:${serial}` : `now:${serial}`;
  await queue.add('serial', { serial } satisfies SerialJob, {
    jobId: id.replace(/:/g, '_'),
    delay: delayMs,
    removeOnComplete: true,
    removeOnFail: true,
    ...etaJobRetry(),
  });
}

/** Enqueues a run of the e-invoice (document) worker: one job for all documents. */
export async function enqueueDocuments(queue: Queue, delayMs = 0): Promise<void> {
  await queue.add('documents', {} as SerialJob, {
    jobId: delayMs > 0 ? 'documents_later' : 'documents_now',
    delay: delayMs,
    removeOnComplete: true,
    removeOnFail: true,
    ...etaJobRetry(),
  });
}

/**
 * The BullMQ worker: one pass per job over a serial's receipts, then the next run is scheduled.
 * A job a killed process held stays active (and its jobId swallows every new wake of the serial)
 * until BullMQ sees its lock expire: a short lock (renewed every half) and stall check bring a
 * crashed server's receipts back within seconds instead of a minute. Exclusivity per serial is the
 * advisory lock's, which dies with the process. A pass that throws (the database or ETA gone
 * mid-pass) is retried by BullMQ itself (`attempts` + the `eta` back-off strategy) rather than
 * waiting for the next sweep.
 */
@Processor(ETA_QUEUE, {
  concurrency: 4,
  lockDuration: 10_000,
  stalledInterval: 5_000,
  settings: { backoffStrategy: etaBackoffStrategy(() => etaWorkerSettings()) },
})
export class EtaSubmissionProcessor extends WorkerHost {
  constructor(
    private readonly service: EtaSubmissionService,
    private readonly documents: EtaDocumentService,
    @InjectQueue(ETA_QUEUE) private readonly queue: Queue,
  ) {
    super();
  }

  async process(job: Job<SerialJob>): Promise<void> {
    if (job.name === 'documents') {
      const next = await this.documents.process();
      if (next !== null) await enqueueDocuments(this.queue, Math.max(next, 250));
      return;
    }
    const next = await this.service.processSerial(job.data.serial);
    if (next !== null) await enqueueSerial(this.queue, job.data.serial, Math.max(next, 250));
  }
}

/**
 * Wakes the worker after a sale commits (the NOTIFY the receipt's transaction sent) and sweeps for
 * serials with work every ETA_SWEEP_MS (a missed notification, a restart, a retry that came due).
 */
@Injectable()
export class EtaDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('EtaDispatcher');
  private client: Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @InjectQueue(ETA_QUEUE) private readonly queue: Queue,
  ) {}

  onApplicationBootstrap() {
    if (process.env.ETA_WORKER === 'off') return;
    void this.listen();
    this.timer = setInterval(() => void this.sweep(), Number(process.env.ETA_SWEEP_MS ?? 5000));
    this.timer.unref();
  }

  async onModuleDestroy() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: (this.ds.options as { url?: string }).url });
    client.on('notification', (n) => {
      if (n.payload) this.wake(n.payload);
    });
    client.on('error', () => {
      this.client = null;
      client.end().catch(() => undefined);
      if (!this.stopped) setTimeout(() => void this.listen(), 1000).unref();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${ETA_NOTIFY_CHANNEL}`);
      if (this.stopped) return void (await client.end());
      this.client = client;
    } catch (e) {
      this.logger.warn(`cannot listen for e-receipts: ${(e as Error).message}`);
      client.end().catch(() => undefined);
      if (!this.stopped) setTimeout(() => void this.listen(), 2000).unref();
    }
  }

  wake(serial: string): void {
    if (serial === ETA_DOCUMENTS_WAKE) {
      enqueueDocuments(this.queue).catch((e: Error) =>
        this.logger.warn(`e-invoice job not queued: ${e.message}`),
      );
      return;
    }
    enqueueSerial(this.queue, serial).catch((e: Error) =>
      this.logger.warn(`e-receipt job not queued: ${e.message}`),
    );
  }

  async sweep(): Promise<void> {
    try {
      const rows = (await this.ds.query(
        `SELECT DISTINCT pos_serial FROM e_receipts
          WHERE status = 'submitted' OR (status = 'queued' AND next_attempt_at <= now())`,
      )) as { pos_serial: string }[];
      for (const r of rows) this.wake(r.pos_serial);
      const [docs] = (await this.ds.query(
        `SELECT EXISTS (SELECT 1 FROM e_documents
                 WHERE status = 'submitted'
                    OR (status = 'queued' AND next_attempt_at <= now())
                    OR (state_request IS NOT NULL AND status = 'valid')) AS due`,
      )) as { due: boolean }[];
      if (docs?.due) this.wake(ETA_DOCUMENTS_WAKE);
    } catch (e) {
      this.logger.warn(`e-receipt sweep: ${(e as Error).message}`);
    }
  }
}
