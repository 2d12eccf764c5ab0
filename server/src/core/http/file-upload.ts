import { UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';

/** A form with one uploaded file in its `file` field (at most `maxBytes`): `@UploadedFile()`. */
export const FileUpload = (maxBytes: number) =>
  UseInterceptors(FileInterceptor('file', { limits: { fileSize: maxBytes, files: 1 } }));
