import { HttpStatus } from '@nestjs/common';
import { EXPENSE_ATTACHMENT_MAX_BYTES } from '@pos/contracts';
import { AppException } from '../../../core/errors/app.exception';

export type UploadedReceipt = { buffer: Buffer; size: number; mimetype?: string };

const startsWith = (b: Buffer, bytes: number[], at = 0) =>
  b.length >= at + bytes.length && bytes.every((x, i) => b[at + i] === x);

/**
 * The image type of a receipt photo, read from its first bytes (the browser's declared type is not
 * trusted): PNG, JPEG or WebP; anything else (an SVG, a PDF, HTML renamed .png) is null.
 */
export function sniffImageType(b: Buffer): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
}

/** A receipt's checked type; 400 UNSUPPORTED_FILE for an empty, oversized or non-image file. */
export function receiptType(file: UploadedReceipt): 'image/png' | 'image/jpeg' | 'image/webp' {
  if (file.buffer.length > EXPENSE_ATTACHMENT_MAX_BYTES)
    throw new AppException('PAYLOAD_TOO_LARGE', HttpStatus.PAYLOAD_TOO_LARGE);
  const type = file.buffer.length ? sniffImageType(file.buffer) : null;
  if (!type) throw new AppException('UNSUPPORTED_FILE', HttpStatus.BAD_REQUEST);
  return type;
}
