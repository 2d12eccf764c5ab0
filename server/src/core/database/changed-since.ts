// The device catalog's cursor (issue 32, migration DeviceCatalogCursor): a row changed since a
// PostgreSQL snapshot is one whose last writer (`changed_xid`, set by the database) that snapshot
// did not see: committed after it was taken, or still running then, however late it committed.

/** SQL: `<alias>.changed_xid` written by a transaction the snapshot `param` (text) did not see. */
export const changedSince = (alias: string, param: string): string =>
  `(${alias}.changed_xid >= pg_snapshot_xmin(${param}::pg_snapshot)
    AND NOT pg_visible_in_snapshot(${alias}.changed_xid, ${param}::pg_snapshot))`;

/** SQL: the snapshot a sync takes before it reads, the next sync's cursor. */
export const CURRENT_SNAPSHOT = 'SELECT pg_current_snapshot()::text AS cursor';

/**
 * Transaction ids per `changed_bucket` (stock_levels, migration StockLevelsChangedBucket,
 * docs/decisions/0098): the indexed stand-in for changed_xid, so a balance updated again within a
 * bucket keeps its indexed value and the update can stay on its page (HOT).
 */
export const CHANGED_BUCKET_XIDS = 4096;

/**
 * SQL: `<alias>.changed_bucket` bound for the snapshot `param`: true for every row changedSince
 * finds (changed_xid ≥ xmin ⇒ its bucket ≥ xmin's), and for few others; the index range to read
 * before the exact test.
 */
export const changedBucketSince = (alias: string, param: string): string =>
  `${alias}.changed_bucket >= pg_snapshot_xmin(${param}::pg_snapshot)::text::bigint / ${CHANGED_BUCKET_XIDS}`;
