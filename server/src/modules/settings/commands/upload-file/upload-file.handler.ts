import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { uuidv7 } from '../../../../core/database/ids';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException } from '../../../../core/errors/app.exception';
import { FileEntity } from '../../entities/settings.entities';
import { UploadFileCommand } from './upload-file.command';

const IMAGE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/svg+xml',
  'image/gif',
]);

/** UploadFile: images only (the size limit is the upload interceptor's). Returns its id and URL. */
@CommandHandler(UploadFileCommand)
export class UploadFileHandler extends TransactionalCommandHandler<
  UploadFileCommand,
  { id: string; url: string }
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  override async execute(command: UploadFileCommand): Promise<{ id: string; url: string }> {
    // Refused before the transaction opens: a wrong file needs no connection.
    if (!command.file || !IMAGE_TYPES.has(command.file.mimetype))
      throw new AppException('UNSUPPORTED_FILE', HttpStatus.BAD_REQUEST);
    return super.execute(command);
  }

  protected async handle(
    { file, meta }: UploadFileCommand,
    tx: CommandTransaction,
  ): Promise<{ id: string; url: string }> {
    const id = uuidv7();
    await tx.m.insert(FileEntity, {
      id,
      contentType: file!.mimetype,
      size: file!.size,
      data: file!.buffer,
      createdBy: meta.userId,
    });
    tx.audit({
      action: 'file.upload',
      entity: 'file',
      entityId: id,
      after: { contentType: file!.mimetype, size: file!.size },
    });
    return { id, url: `/api/files/${id}` };
  }
}
