import type { DisplayImageDto, DisplaySlidesDto } from '@pos/contracts';
import type { DataSource, EntityManager } from 'typeorm';

/** One screen's images in order (a branch's own, or null: store-wide). */
export async function listDisplayImages(
  db: DataSource | EntityManager,
  branchId: string | null,
): Promise<DisplayImageDto[]> {
  const rows: (Omit<DisplayImageDto, 'url'> & { fileId: string })[] = await db.query(
    `SELECT d.id, d.branch_id AS "branchId", d.position, d.file_id AS "fileId",
            f.content_type AS "contentType", f.size
       FROM display_images d JOIN files f ON f.id = d.file_id
      WHERE d.branch_id IS NOT DISTINCT FROM $1
      ORDER BY d.position, d.id`,
    [branchId],
  );
  return rows.map(({ fileId, ...r }) => ({ ...r, url: `/api/files/${fileId}` }));
}

/** What a branch's displays show: its own images when it has any, else the store-wide ones. */
export async function displaySlides(
  db: DataSource | EntityManager,
  branchId: string | null,
): Promise<DisplaySlidesDto> {
  const own = branchId ? await listDisplayImages(db, branchId) : [];
  if (own.length) return { scope: 'branch', images: own };
  return { scope: 'store', images: await listDisplayImages(db, null) };
}
