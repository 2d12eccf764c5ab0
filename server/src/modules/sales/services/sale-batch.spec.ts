import { HttpStatus, Logger } from '@nestjs/common';
import type { Request } from 'express';
import type { CreateSaleDto, SaleDto } from '@pos/contracts';
import { AppException } from '../../../core/errors/app.exception';
import { createSales } from './sale-batch';

// POST /api/Sales/batch's loop (docs/decisions/0075): in order, a refusal reported and passed,
// no final answer (5xx) stops the batch there.
const id = (n: number) => `01900000-0000-7000-8000-00000000000${n}`;
const sale = (n: number) => ({
  id: id(n),
  lines: [{ variantId: id(9), quantity: 1 }],
  payments: [],
});
const req = { cookies: { locale: 'en' } } as unknown as Request;

describe('createSales', () => {
  beforeAll(() => jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined));

  it('makes the sales in order; a refused one is reported and the next ones are made', async () => {
    const made: string[] = [];
    const out = await createSales(
      [sale(1), sale(2), sale(3), sale(4)],
      req,
      async (dto: CreateSaleDto) => {
        if (dto.id === id(2)) throw new AppException('SHIFT_NOT_OPEN', HttpStatus.BAD_REQUEST);
        if (dto.id === id(3))
          throw new AppException('DEVICE_RECEIPT_TAKEN', HttpStatus.CONFLICT, {
            receipt: 'B-D01-3',
          });
        made.push(dto.id);
        return { created: dto.id !== id(1), sale: { id: dto.id } as SaleDto };
      },
    );
    expect(made).toEqual([id(1), id(4)]);
    expect(out.created).toBe(true);
    expect(out.results.map((r) => [r.id, r.ok, r.ok ? null : r.error.code])).toEqual([
      [id(1), true, null],
      [id(2), false, 'SHIFT_NOT_OPEN'],
      [id(3), false, 'DEVICE_RECEIPT_TAKEN'],
      [id(4), true, null],
    ]);
    // worded as POST /api/Sales words it, in the caller's language
    const taken = out.results[2];
    expect(!taken.ok && taken.error).toEqual({
      statusCode: 409,
      statusMessage: 'Conflict',
      code: 'DEVICE_RECEIPT_TAKEN',
      message: 'Receipt number B-D01-3 of this till belongs to another sale',
    });
  });

  it('stops at a sale without a final answer: the later ones are not tried', async () => {
    const tried: string[] = [];
    const out = await createSales([sale(1), sale(2), sale(3)], req, async (dto) => {
      tried.push(dto.id);
      if (dto.id === id(2)) throw new Error('connection lost');
      return { created: false, sale: { id: dto.id } as SaleDto };
    });
    expect(tried).toEqual([id(1), id(2)]);
    expect(out.created).toBe(false);
    expect(out.results.map((r) => (r.ok ? 'ok' : `${r.error.statusCode} ${r.error.code}`))).toEqual(
      ['ok', '500 INTERNAL'],
    );
  });
});
