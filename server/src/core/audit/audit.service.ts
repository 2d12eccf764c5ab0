import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../database/ids';
import type { RequestMeta } from '../auth/decorators';

const SECRET_FIELDS = /secret|password|hash|token/i;

function scrub(value: object | null | undefined): Record<string, unknown> | null {
  if (!value) return null;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] =
      SECRET_FIELDS.test(key) && v != null ? '***' : v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

const json = (value: Record<string, unknown> | null) =>
  value === null ? null : JSON.stringify(value);

export type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | null;
  before?: object | null;
  after?: object | null;
};

/** Records who did what, when, from where, with before/after for edits, in the caller's transaction. */
@Injectable()
export class AuditService {
  async record(manager: EntityManager, meta: RequestMeta, entry: AuditEntry): Promise<void> {
    // Plain SQL: this runs inside every command, and the entity insert costs more CPU for nothing.
    await manager.query(
      `INSERT INTO audit_logs (id, user_id, ip, user_agent, action, entity, entity_id, before, after)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb)`,
      this.values(meta, entry),
    );
  }

  /** The row's values in column order (id, user, ip, agent, action, entity, entity id, before, after), for a caller's own statement. */
  values(meta: RequestMeta, entry: AuditEntry): unknown[] {
    return [
      uuidv7(),
      meta.userId,
      meta.ip,
      meta.userAgent,
      entry.action,
      entry.entity,
      entry.entityId ?? null,
      json(scrub(entry.before)),
      json(scrub(entry.after)),
    ];
  }
}
