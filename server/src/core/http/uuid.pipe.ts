import { HttpStatus, Injectable, type PipeTransform } from '@nestjs/common';
import { AppException } from '../errors/app.exception';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `:id` parameters must be UUIDs; anything else is a 400 with a localised message. */
@Injectable()
export class UuidPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (typeof value !== 'string' || !UUID.test(value)) {
      throw new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, [
        { key: 'validation.constraint.isUuid', params: { field: 'id' } },
      ]);
    }
    return value.toLowerCase();
  }
}
