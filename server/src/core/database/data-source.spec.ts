import { dataSourceOptions } from './data-source';

describe('dataSourceOptions (DATABASE_READ_URL)', () => {
  it('has no replication without a read URL: the options as they always were', () => {
    const o = dataSourceOptions('postgres://p/pos');
    expect(o).not.toHaveProperty('replication');
    expect(dataSourceOptions('postgres://p/pos', null)).toEqual(o);
    expect(o).toMatchObject({ type: 'postgres', url: 'postgres://p/pos' });
  });

  it('with one, the primary stays the default for every query, reads included', () => {
    const o = dataSourceOptions('postgres://p/pos', 'postgres://r/pos');
    expect(o).toMatchObject({
      url: 'postgres://p/pos',
      replication: {
        master: { url: 'postgres://p/pos' },
        slaves: [{ url: 'postgres://r/pos' }],
        defaultMode: 'master',
      },
    });
  });
});
