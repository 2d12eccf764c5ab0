import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/**
 * Wakes the outbox relay after a command's commit without a `pg_notify` inside the command's
 * transaction. A NOTIFY in a transaction takes PostgreSQL's one cluster-wide notification lock at
 * commit and holds it through the commit's WAL flush, so every committing sale waited for the one
 * before it (issue 21: 8–12 of 20 busy sessions on `Lock:object` under the checkout bench).
 *
 * When this instance's relay leads, it is woken in-process; otherwise a NOTIFY outside any
 * transaction (it writes no WAL, so the lock is held for microseconds) reaches the leader on
 * another instance. A wake-up lost with a crash between commit and here is caught by the relay's
 * sweep (OUTBOX_SWEEP_MS).
 */
@Injectable()
export class OutboxWakeup {
  private local: (() => boolean) | null = null;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The instance's relay: `wake` answers whether it took the wake-up (it is the leader). */
  attach(wake: () => boolean): void {
    this.local = wake;
  }

  detach(): void {
    this.local = null;
  }

  /** After a commit that wrote outbox rows. Never throws. */
  committed(): void {
    if (this.local?.()) return;
    this.ds.query(`SELECT pg_notify('outbox', '')`).catch(() => undefined);
  }
}
