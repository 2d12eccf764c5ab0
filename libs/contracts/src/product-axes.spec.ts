import { planProductAxes, propertiesKey, type AxisPlanVariant } from './product-axes';

const SIZE = 'المقاس';
const COLOUR = 'اللون';
const v = (id: string, properties: Record<string, string>, active = true): AxisPlanVariant => ({
  id,
  properties,
  active,
});
const grid = [
  v('sr', { [SIZE]: 'S', [COLOUR]: 'أحمر' }),
  v('sb', { [SIZE]: 'S', [COLOUR]: 'أزرق' }),
  v('mr', { [SIZE]: 'M', [COLOUR]: 'أحمر' }),
  v('mb', { [SIZE]: 'M', [COLOUR]: 'أزرق' }),
];
const ok = (result: ReturnType<typeof planProductAxes>) => {
  if (!result.plan) throw new Error(JSON.stringify(result.problems));
  return result.plan;
};

describe('planProductAxes', () => {
  it('adding a value creates exactly the missing combinations and touches nothing else', () => {
    const plan = ok(
      planProductAxes({
        oldAxes: [SIZE, COLOUR],
        axes: [
          { name: SIZE, values: ['S', 'M', 'XL'] },
          { name: COLOUR, values: ['أحمر', 'أزرق'] },
        ],
        keep: {},
        variants: grid,
      }),
    );
    expect(plan).toEqual({
      update: [],
      reactivate: [],
      retire: [],
      create: [
        { [SIZE]: 'XL', [COLOUR]: 'أحمر' },
        { [SIZE]: 'XL', [COLOUR]: 'أزرق' },
      ],
    });
  });

  it('adding an axis gives existing variants the chosen value and generates the rest of the grid', () => {
    const plan = ok(
      planProductAxes({
        oldAxes: [SIZE],
        axes: [
          { name: SIZE, values: ['S', 'M'] },
          { name: COLOUR, values: ['أحمر', 'أزرق'], existingValue: 'أحمر' },
        ],
        keep: {},
        variants: [v('s', { [SIZE]: 'S' }), v('m', { [SIZE]: 'M' })],
      }),
    );
    expect(plan.update).toEqual([
      { id: 's', properties: { [SIZE]: 'S', [COLOUR]: 'أحمر' } },
      { id: 'm', properties: { [SIZE]: 'M', [COLOUR]: 'أحمر' } },
    ]);
    expect(plan.create.map(propertiesKey)).toEqual(
      [
        { [SIZE]: 'S', [COLOUR]: 'أزرق' },
        { [SIZE]: 'M', [COLOUR]: 'أزرق' },
      ].map(propertiesKey),
    );
  });

  it('asks which value existing variants get, and which value stays when an axis goes', () => {
    const added = planProductAxes({
      oldAxes: [SIZE],
      axes: [
        { name: SIZE, values: ['S'] },
        { name: COLOUR, values: ['أحمر'], existingValue: 'أخضر' },
      ],
      keep: {},
      variants: [v('s', { [SIZE]: 'S' })],
    });
    expect(added.problems).toEqual([{ code: 'AXIS_EXISTING_VALUE_REQUIRED', axis: COLOUR }]);
    const removed = planProductAxes({
      oldAxes: [SIZE, COLOUR],
      axes: [{ name: SIZE, values: ['S', 'M'] }],
      keep: {},
      variants: grid,
    });
    expect(removed.problems).toEqual([{ code: 'AXIS_KEEP_VALUE_REQUIRED', axis: COLOUR }]);
  });

  it('removing a value retires its variants; adding it back brings them back instead of new ones', () => {
    const plan = ok(
      planProductAxes({
        oldAxes: [SIZE, COLOUR],
        axes: [
          { name: SIZE, values: ['S', 'M'] },
          { name: COLOUR, values: ['أحمر'] },
        ],
        keep: {},
        variants: grid,
      }),
    );
    expect(plan.retire).toEqual(['sb', 'mb']);
    expect(plan.create).toEqual([]);
    const back = ok(
      planProductAxes({
        oldAxes: [SIZE, COLOUR],
        axes: [
          { name: SIZE, values: ['S', 'M'] },
          { name: COLOUR, values: ['أحمر', 'أزرق'] },
        ],
        keep: {},
        variants: grid.map((x) => (x.properties[COLOUR] === 'أزرق' ? { ...x, active: false } : x)),
      }),
    );
    expect(back).toEqual({ update: [], reactivate: ['sb', 'mb'], retire: [], create: [] });
  });

  it('a variant deactivated by hand stays off and is not generated again', () => {
    const plan = ok(
      planProductAxes({
        oldAxes: [SIZE, COLOUR],
        axes: [
          { name: SIZE, values: ['S', 'M', 'L'] },
          { name: COLOUR, values: ['أحمر', 'أزرق'] },
        ],
        keep: {},
        variants: grid.map((x) => (x.id === 'sr' ? { ...x, active: false } : x)),
      }),
    );
    expect(plan.reactivate).toEqual([]);
    expect(plan.create).toHaveLength(2);
  });

  it('removing an axis keeps the chosen value’s variants without it and retires the others', () => {
    const plan = ok(
      planProductAxes({
        oldAxes: [SIZE, COLOUR],
        axes: [{ name: SIZE, values: ['S', 'M'] }],
        keep: { [COLOUR]: 'أحمر' },
        variants: grid,
      }),
    );
    expect(plan.update).toEqual([
      { id: 'sr', properties: { [SIZE]: 'S' } },
      { id: 'mr', properties: { [SIZE]: 'M' } },
    ]);
    expect(plan.retire).toEqual(['sb', 'mb']);
    expect(plan.create).toEqual([]);
  });

  it('refuses a grid larger than the limit before building it', () => {
    const values = Array.from({ length: 200 }, (_, i) => `v${i}`);
    const result = planProductAxes({
      oldAxes: [],
      axes: [1, 2, 3, 4, 5].map((n) => ({ name: `t${n}`, values, existingValue: 'v0' })),
      keep: {},
      variants: [v('x', {})],
    });
    expect(result.problems).toEqual([expect.objectContaining({ code: 'GRID_TOO_LARGE' })]);
  });

  it('reports an active variant that lacks a value of an existing axis', () => {
    const result = planProductAxes({
      oldAxes: [SIZE],
      axes: [{ name: SIZE, values: ['S', 'M'] }],
      keep: {},
      variants: [v('odd', {})],
    });
    expect(result.problems).toEqual([
      { code: 'VARIANT_PROPERTIES_MISMATCH', variantId: 'odd', axis: SIZE },
    ]);
  });
});
