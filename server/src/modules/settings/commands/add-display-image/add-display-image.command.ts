import type { RequestMeta } from '../../../../core/auth/decorators';
import type { Upload } from '../upload-file/upload-file.command';

/** One image added at the end of a screen's slideshow (a branch's own, or null: store-wide). */
export class AddDisplayImageCommand {
  constructor(
    readonly file: Upload | undefined,
    readonly branchId: string | null,
    readonly meta: RequestMeta,
  ) {}
}
