import { BadRequestException, NotFoundException } from '@nestjs/common';
import { QueryFailedError, QueryRunnerAlreadyReleasedError } from 'typeorm';
import type { Request } from 'express';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { AppException } from './app.exception';

const req = (locale?: string) => ({ cookies: locale ? { locale } : {} }) as unknown as Request;
const pgError = (driverError: object) =>
  new QueryFailedError('INSERT', [], Object.assign(new Error('x'), driverError));

describe('AllExceptionsFilter', () => {
  const filter = new AllExceptionsFilter();

  it('reads a primary-key clash as "ID already exist"', () => {
    const body = filter.toBody(
      pgError({ code: '23505', constraint: 'PK_7f37d3b42defea97f1df0d19535' }),
      req(),
    );
    expect(body).toEqual({
      statusCode: 400,
      statusMessage: 'Bad Request',
      message: 'ID already exist',
      code: 'ID_ALREADY_EXISTS',
    });
  });

  it('names the clashing value of another unique key', () => {
    const body = filter.toBody(
      pgError({
        code: '23505',
        constraint: 'IDX_users_username',
        detail: 'Key (username)=(cashier) already exists.',
      }),
      req('en'),
    );
    expect(body).toMatchObject({
      statusCode: 400,
      code: 'UNIQUE_VIOLATION',
      message: 'The value "cashier" is already used',
    });
  });

  it('turns foreign-key conflicts into 409 and bad values into 400', () => {
    expect(filter.toBody(pgError({ code: '23503' }), req()).statusCode).toBe(409);
    expect(filter.toBody(pgError({ code: '22P02' }), req()).statusCode).toBe(400);
  });

  it('localises app exceptions and combines validation details per locale', () => {
    const e = new AppException('VALIDATION_FAILED', 400, {}, [
      { key: 'validation.branch.nameRequired' },
      { key: 'validation.unknownField', params: { field: 'x' } },
    ]);
    expect(filter.toBody(e, req()).message).toBe('الرجاء ادخال اسم الفرع، الحقل "x" غير مسموح به');
    expect(filter.toBody(e, req('en')).message).toBe(
      'Please enter the branch name; The field "x" is not allowed',
    );
  });

  it('names a field by its label, nested paths by their place (issue 30 item 2)', () => {
    const e = new AppException('VALIDATION_FAILED', 400, {}, [
      { key: 'validation.limit.documentTotal', params: { field: 'payment.amount' } },
      { key: 'validation.constraint.isNumber', params: { field: 'lines.2.quantity' } },
    ]);
    expect(filter.toBody(e, req()).message).toBe(
      'الحقل "المبلغ المدفوع" أكبر من الحد المسموح للمبلغ (10,000,000 جنيه)، الحقل "الكمية في السطر 3" يجب أن يكون رقمًا',
    );
    expect(filter.toBody(e, req('en')).message).toBe(
      '"Amount paid" is above the limit for an amount (10,000,000 EGP); "Quantity on line 3" must be a number',
    );
  });

  it('maps framework exceptions and body-parser errors to 4xx with stable codes', () => {
    expect(filter.toBody(new NotFoundException(), req())).toMatchObject({
      statusCode: 404,
      code: 'ROUTE_NOT_FOUND',
      message: 'الصفحة غير موجودة',
    });
    expect(filter.toBody(new BadRequestException('Unexpected token } in JSON'), req()).code).toBe(
      'MALFORMED_JSON',
    );
    expect(
      filter.toBody(
        Object.assign(new Error('too big'), { status: 413, type: 'entity.too.large' }),
        req(),
      ).code,
    ).toBe('PAYLOAD_TOO_LARGE');
  });

  it('hides unexpected errors behind a generic localised 500', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const body = filter.toBody(new TypeError('secret internals'), req());
    expect(body).toEqual({
      statusCode: 500,
      statusMessage: 'Internal Server Error',
      message: 'حدث خطأ غير متوقع، حاول مرة أخرى',
      code: 'INTERNAL',
    });
  });
});

describe('AllExceptionsFilter when the database is away', () => {
  it('answers a clear, retryable 503', () => {
    const filter = new AllExceptionsFilter();
    const body = filter.toBody(
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      req('en'),
    );
    expect(body).toMatchObject({ statusCode: 503, code: 'DATABASE_UNAVAILABLE' });
    expect(filter.toBody(pgError({ code: '57P01' }), req()).statusCode).toBe(503);
    // The connection dropped between the last statement and COMMIT: TypeORM released the runner.
    expect(filter.toBody(new QueryRunnerAlreadyReleasedError(), req()).statusCode).toBe(503);
  });
});
