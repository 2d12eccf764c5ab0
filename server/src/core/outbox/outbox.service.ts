import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../database/ids';
import type { LiveEventMap, LiveEventType } from '@pos/contracts';
import { preparedQuery } from '../database/prepared';

export type OutboxEvent = {
  branchId: string;
  type: LiveEventType;
  payload: LiveEventMap[LiveEventType];
};

/**
 * An event computed by SQL in the same statement (e.g. running totals that include this
 * transaction's writes): `sql(bind)` returns a SELECT of (branch_id, type, payload jsonb) rows,
 * using `bind(value)` for each parameter it needs.
 */
export type DerivedEvents = (bind: (value: unknown) => string) => string;

/**
 * A write to run in the same statement (a data-modifying CTE, e.g. a read model's upsert):
 * `sql(bind)` returns an INSERT/UPDATE. Each row may be touched once per statement.
 */
export type ExtraWrite = (bind: (value: unknown) => string) => string;

/** An audit row to write in the same statement (see AuditService.values). */
export type AuditValues = unknown[];

/**
 * An event's `at` as the live event carries it (ISO 8601 in UTC, milliseconds, as Date.toISOString
 * writes it): the transaction's time, which is also the batch's `created_at`. Written with the
 * event, so the relay publishes the stored text as it is (docs/decisions/0134).
 */
export const eventAt = (time: string) =>
  `to_char(${time} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Writes live events into the caller's transaction (nothing is published before commit). */
@Injectable()
export class OutboxService {
  async add<T extends LiveEventType>(
    m: EntityManager,
    branchId: string,
    type: T,
    payload: LiveEventMap[T],
  ): Promise<string> {
    const [id] = await this.addMany(m, [{ branchId, type, payload }]);
    return id;
  }

  /**
   * Several events in one statement (in this order, derived ones last), and one wake-up for the
   * relay; with `audit`, the command's audit row in that same statement too.
   */
  async addMany(
    m: EntityManager,
    events: OutboxEvent[],
    extra: {
      derived?: DerivedEvents[];
      audit?: AuditValues;
      writes?: ExtraWrite[];
      /** false: the caller wakes the relay after its commit (OutboxWakeup) */
      notify?: boolean;
    } = {},
  ): Promise<string[]> {
    const derived = extra.derived ?? [];
    if (!events.length && !derived.length && !extra.audit) return [];
    const ids = events.map(() => uuidv7());
    const params: unknown[] = [
      ids,
      events.map((e) => e.type),
      events.map((e) => e.branchId),
      events.map((e) => JSON.stringify(e.payload)),
    ];
    const bind = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const audit = extra.audit
      ? `a AS (INSERT INTO audit_logs (id, user_id, ip, user_agent, action, entity, entity_id, before, after)
               VALUES (${extra.audit.map((v, i) => `${bind(v)}${i >= 7 ? '::jsonb' : ''}`).join(', ')})),`
      : '';
    const writes = (extra.writes ?? []).map((sql, k) => `w${k} AS (${sql(bind)}),`).join('\n');
    const more = derived.map(
      (sql, k) =>
        `UNION ALL SELECT ${bind(uuidv7())}::uuid, d.type, d.branch_id, d.payload, ${k + 1 + events.length} FROM (${sql(bind)}) d`,
    );
    // One row for the transaction's events (docs/decisions/0130), in this order (WITH ORDINALITY,
    // derived ones last); none when there are none (a derived query may find nothing). NOTIFY is
    // delivered only when the transaction commits, so the relay wakes right after the commit (a
    // command's events skip it: the command runner wakes the relay after its commit, OutboxWakeup).
    await preparedQuery(
      m,
      `WITH ${audit}
       ${writes}
       src AS (
         SELECT id, type, branch_id, payload::jsonb AS payload, n
           FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::text[]) WITH ORDINALITY AS t(id, type, branch_id, payload, n)
         ${more.join('\n')}),
       e AS (INSERT INTO outbox_batches (id, events)
             SELECT ${bind(uuidv7())}::uuid,
                    jsonb_agg(jsonb_build_object('id', id, 'type', type, 'branchId', branch_id, 'at', ${eventAt('now()')}, 'payload', payload) ORDER BY n)
               FROM src HAVING count(*) > 0
             RETURNING id)
       ${extra.notify === false ? 'SELECT 1' : `SELECT pg_notify('outbox', (SELECT id::text FROM e))`}`,
      params,
    );
    return ids;
  }
}
