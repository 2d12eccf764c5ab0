import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { uuidv7 } from '../../../../core/database/ids';
import {
  DISPLAY_IMAGE_MAX_BYTES,
  DISPLAY_IMAGE_TYPES,
  DISPLAY_IMAGES_MAX,
  type DisplayImageDto,
} from '@pos/contracts';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { DisplayImageEntity, FileEntity } from '../../entities/settings.entities';
import { fileTooLarge } from '../../../../core/http/file-upload';
import { displayImageInvalid, lockScreen } from '../display-images';
import { AddDisplayImageCommand } from './add-display-image.command';

/** The field the upload's errors name (`field.displayImage`). */
export const DISPLAY_IMAGE_LABEL = 'displayImage';

/** The bytes an image of each accepted type starts with: the declared type must be the real one. */
const SIGNATURES: Record<(typeof DISPLAY_IMAGE_TYPES)[number], (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  'image/jpeg': (b) => b.subarray(0, 3).equals(Buffer.from('ffd8ff', 'hex')),
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** A file the display may show: PNG, JPEG or WebP (its bytes as its type says), small enough. */
export function checkDisplayImage(file: AddDisplayImageCommand['file']): void {
  const type = file?.mimetype as (typeof DISPLAY_IMAGE_TYPES)[number] | undefined;
  if (!file || !type || !DISPLAY_IMAGE_TYPES.includes(type) || !SIGNATURES[type](file.buffer))
    throw displayImageInvalid('type', DISPLAY_IMAGE_LABEL);
  if (file.size > DISPLAY_IMAGE_MAX_BYTES)
    throw fileTooLarge(DISPLAY_IMAGE_LABEL, DISPLAY_IMAGE_MAX_BYTES);
}

/**
 * AddDisplayImage (docs/decisions/0129): the file stored (a `files` row, served as the logo is)
 * and placed last on its screen, within DISPLAY_IMAGES_MAX per screen (under the screen's lock).
 */
@CommandHandler(AddDisplayImageCommand)
export class AddDisplayImageHandler extends TransactionalCommandHandler<
  AddDisplayImageCommand,
  DisplayImageDto
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  override async execute(command: AddDisplayImageCommand): Promise<DisplayImageDto> {
    // Refused before the transaction opens: a wrong file needs no connection.
    checkDisplayImage(command.file);
    return super.execute(command);
  }

  protected async handle(
    { file, branchId, meta }: AddDisplayImageCommand,
    tx: CommandTransaction,
  ): Promise<DisplayImageDto> {
    if (branchId) {
      const [branch] = await tx.m.query('SELECT id FROM branches WHERE id = $1', [branchId]);
      if (!branch) throw Errors.notFound();
    }
    const screen = await lockScreen(tx.m, branchId);
    if (screen.length >= DISPLAY_IMAGES_MAX)
      throw new AppException('DISPLAY_IMAGES_FULL', HttpStatus.CONFLICT, {
        max: DISPLAY_IMAGES_MAX,
      });
    const fileId = uuidv7();
    const id = uuidv7();
    const position = screen.length ? Math.max(...screen.map((s) => s.position)) + 1 : 1;
    const { mimetype: contentType, size } = file!;
    await tx.m.insert(FileEntity, {
      id: fileId,
      contentType,
      size,
      data: file!.buffer,
      createdBy: meta.userId,
    });
    await tx.m.insert(DisplayImageEntity, {
      id,
      branchId,
      fileId,
      position,
      createdBy: meta.userId,
    });
    tx.audit({
      action: 'display_image.add',
      entity: 'display_image',
      entityId: id,
      after: { branchId, position, contentType, size },
    });
    return { id, branchId, position, url: `/api/files/${fileId}`, contentType, size };
  }
}
