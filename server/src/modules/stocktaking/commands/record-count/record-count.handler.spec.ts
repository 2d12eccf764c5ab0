import { errorCode, type QueryStub, testMeta } from '../../../../core/cqrs/testing';
import { RecordCountCommand } from './record-count.command';
import { RecordCountHandler } from './record-count.handler';
import { setup as sessionSetup, user } from '../stock-taking.spec-fixture';

// Reads of the handler these specs answer with no rows (the fake throws on SQL it has no stub for).
const READS_ANSWERED_EMPTY: QueryStub[] = [
  [/^\s*SELECT variant_id FROM stock_taking_counts WHERE id = \$1 AND stock_taking_id = \$2/, []],
  [
    /^\s*SELECT p\.name_ar, v\.properties FROM variants v JOIN products p ON p\.id = v\.product_id WHERE v\.id = \$1/,
    [],
  ],
];
// The fixture's session with this handler's empty reads after the test's own stubs.
const setup = (state: string, more: QueryStub[] = []) =>
  sessionSetup(state, [...more, ...READS_ANSWERED_EMPTY]);

describe('RecordCountHandler', () => {
  const variant: QueryStub[] = [
    [/SELECT id FROM variants WHERE id = \$1/, [{ id: 'v-1' }]],
    [/SELECT p.unit FROM variants/, [{ unit: 'piece' }]],
  ];

  it('adds the count to its line and records the count row once', async () => {
    const { m, runner } = setup('open', [
      ...variant,
      [/UPDATE stock_taking_lines/, [[{ counted_quantity: '5.000' }]]],
    ]);
    const result = await new RecordCountHandler(runner).execute(
      new RecordCountCommand('st-1', { id: 'c-1', variantId: 'v-1', quantity: 2 }, user, testMeta),
    );
    expect(result).toEqual({ countId: 'c-1', variantId: 'v-1', created: true });
    expect(m.calls.find((c) => /INSERT INTO stock_taking_counts/.test(c.sql))?.params).toEqual([
      'c-1',
      'st-1',
      'v-1',
      '2.000',
      null,
      'u-1',
      null,
      null,
    ]);
    expect(runner.tx!.audits).toEqual([]);
  });

  it('answers a retried count without counting it again', async () => {
    const { m, runner } = setup('review', [
      [/FROM stock_taking_counts WHERE id = \$1/, [{ variant_id: 'v-1' }]],
    ]);
    expect(
      await new RecordCountHandler(runner).execute(
        new RecordCountCommand(
          'st-1',
          { id: 'c-1', variantId: 'v-1', quantity: 2 },
          user,
          testMeta,
        ),
      ),
    ).toEqual({ countId: 'c-1', variantId: 'v-1', created: false });
    expect(m.calls.some((c) => /UPDATE stock_taking_lines/.test(c.sql))).toBe(false);
  });

  it('refuses a fraction of a counted item, a negative total and a session under review', async () => {
    expect(
      await errorCode(
        new RecordCountHandler(setup('open', variant).runner).execute(
          new RecordCountCommand('st-1', { variantId: 'v-1', quantity: 1.5 }, user, testMeta),
        ),
      ),
    ).toBe('QUANTITY_NOT_WHOLE');
    const negative = setup('open', [
      ...variant,
      [/UPDATE stock_taking_lines/, [[{ counted_quantity: '-1.000' }]]],
    ]);
    expect(
      await errorCode(
        new RecordCountHandler(negative.runner).execute(
          new RecordCountCommand('st-1', { variantId: 'v-1', quantity: -3 }, user, testMeta),
        ),
      ),
    ).toBe('STOCKTAKING_NEGATIVE_COUNT');
    expect(
      await errorCode(
        new RecordCountHandler(setup('review', variant).runner).execute(
          new RecordCountCommand('st-1', { variantId: 'v-1', quantity: 1 }, user, testMeta),
        ),
      ),
    ).toBe('STOCKTAKING_ILLEGAL_TRANSITION');
  });
});
