import type { RequestMeta } from '../../../../core/auth/decorators';

export type Upload = { mimetype: string; size: number; buffer: Buffer };

/** A small image (branch logo, receipt footer) kept in the database. */
export class UploadFileCommand {
  constructor(
    readonly file: Upload | undefined,
    readonly meta: RequestMeta,
  ) {}
}
