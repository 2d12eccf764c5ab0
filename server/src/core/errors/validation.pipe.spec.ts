import {
  BranchCreateDto,
  ListQueryDto,
  MoneyTransactionCreateDto,
  StockTakingCountDto,
  UserCreateDto,
} from '@pos/contracts';
import { createValidationPipe } from './validation.pipe';
import { AppException } from './app.exception';

const run = async (metatype: new () => object, value: unknown) => {
  try {
    await createValidationPipe().transform(value, { type: 'body', metatype });
    return null;
  } catch (e) {
    return e as AppException;
  }
};

describe('validation pipe', () => {
  it('gives the spec message once for an empty branch name', async () => {
    const e = await run(BranchCreateDto, { name: '' });
    expect(e).toBeInstanceOf(AppException);
    expect(e!.details).toEqual([
      { key: 'validation.branch.nameRequired', params: { field: 'name' } },
    ]);
  });

  it('refuses unknown fields and wrong types with one detail each', async () => {
    const e = await run(UserCreateDto, {
      username: 'ok_user',
      displayName: 'x',
      password: 'long-enough',
      isAdmin: 'yes',
      hack: 1,
    });
    const keys = e!.details.map((d) => d.key);
    expect(keys).toContain('validation.unknownField');
    expect(keys).toContain('validation.constraint.isBoolean');
  });

  it('passes a valid body through as the DTO class', async () => {
    const pipe = createValidationPipe();
    const out = await pipe.transform(
      { name: 'فرع', taxType: 'P' },
      { type: 'body', metatype: BranchCreateDto },
    );
    expect(out).toBeInstanceOf(BranchCreateDto);
  });

  it('refuses a body whose keys name a prototype, at any depth, even when every field is optional', async () => {
    const top = await run(
      BranchCreateDto,
      JSON.parse('{"name":"x","constructor":{"prototype":{"polluted":true}}}'),
    );
    expect(top!.getStatus()).toBe(400);
    expect(top!.details).toEqual([
      { key: 'validation.unknownField', params: { field: 'constructor' } },
    ]);
    const nested = await run(
      BranchCreateDto,
      JSON.parse('{"name":"x","logo":{"__proto__":{"a":1}}}'),
    );
    expect(nested!.details[0]).toEqual({
      key: 'validation.unknownField',
      params: { field: 'logo.__proto__' },
    });
  });

  it('answers a value that cannot even be converted with a 400, not a crash', async () => {
    // A query converts its strings to numbers (page=2); a hostile object makes Number() throw.
    const e = await run(ListQueryDto, { page: { toString: 'x' } });
    expect(e).toBeInstanceOf(AppException);
    expect(e!.getStatus()).toBe(400);
    expect(e!.details[0].key).toBe('validation.constraint.default');
  });

  it('takes body numbers only as JSON numbers: true, "100" and objects are refused (issue 30 item 17)', async () => {
    for (const amount of [true, '100', { toString: 'x' }]) {
      const e = await run(MoneyTransactionCreateDto, { type: 'deposit', amount, reason: 'x' });
      expect(e!.details).toContainEqual({
        key: 'validation.cash.amount',
        params: { field: 'amount' },
      });
    }
    for (const quantity of [true, '5']) {
      const e = await run(StockTakingCountDto, {
        variantId: '5f4d3c2b-1a09-4876-9543-210fedcba987',
        quantity,
      });
      expect(e!.details.map((d) => d.key)).toContain('validation.constraint.isNumber');
    }
  });
});
