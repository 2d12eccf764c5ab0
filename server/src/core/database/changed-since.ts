// The device catalog's cursor (issue 32, migration DeviceCatalogCursor): a row changed since a
// PostgreSQL snapshot is one whose last writer (`changed_xid`, set by the database) that snapshot
// did not see: committed after it was taken, or still running then, however late it committed.

/** SQL: `<alias>.changed_xid` written by a transaction the snapshot `param` (text) did not see. */
export const changedSince = (alias: string, param: string): string =>
  `(${alias}.changed_xid >= pg_snapshot_xmin(${param}::pg_snapshot)
    AND NOT pg_visible_in_snapshot(${alias}.changed_xid, ${param}::pg_snapshot))`;

/** SQL: the snapshot a sync takes before it reads, the next sync's cursor. */
export const CURRENT_SNAPSHOT = 'SELECT pg_current_snapshot()::text AS cursor';
