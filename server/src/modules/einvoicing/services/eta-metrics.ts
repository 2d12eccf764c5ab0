import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MetricsService } from '../../../core/http/metrics';

/**
 * `pos_eta_documents{kind, status}` on /metrics: e-receipts and e-invoices by their ETA state
 * (queued, submitted, valid, invalid, …), read when scraped.
 */
@Injectable()
export class EtaMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsService,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  onModuleInit(): void {
    this.metrics.addGauge(
      {
        name: 'pos_eta_documents',
        help: 'ETA e-receipts and e-invoices by state',
        labelNames: ['kind', 'status'],
      },
      async (set) => {
        const rows: { kind: string; status: string; n: number }[] = await this.ds.query(
          `SELECT 'receipt' AS kind, status, count(*)::int AS n FROM e_receipts GROUP BY status
           UNION ALL
           SELECT 'invoice', status, count(*)::int FROM e_documents GROUP BY status`,
        );
        for (const r of rows) set({ kind: r.kind, status: r.status }, r.n);
      },
    );
  }
}
