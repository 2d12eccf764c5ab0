import { allWords, ListFilter, listPage } from './list';

describe('ListFilter', () => {
  it('numbers each value after the SELECT’s own parameters and skips absent ones', () => {
    const filter = new ListFilter(['Africa/Cairo'])
      .add('t.branch_id = ?', 'b-1')
      .add('t.status = ?', undefined)
      .add('t.created_at < ?::date + 1', '2026-12-01');
    expect(filter.clause).toBe('WHERE t.branch_id = $2 AND t.created_at < $3::date + 1');
    expect(filter.params).toEqual(['Africa/Cairo', 'b-1', '2026-12-01']);
  });

  it('searches the text as typed and its normalised words, nothing for a blank text', () => {
    const filter = new ListFilter().search(
      ' أحمد_1 ',
      (raw, words) => `(c.phone ILIKE ${raw} OR (${allWords('c.search_text', words)}))`,
    );
    expect(filter.clause).toBe('WHERE (c.phone ILIKE $1 OR (c.search_text LIKE $2))');
    expect(filter.params).toEqual(['%أحمد\\_1%', '%احمد\\_1%']);
    expect(new ListFilter().search('  ', () => 'x').clause).toBe('');
    expect(allWords('c.search_text', [])).toBe('false');
  });
});

describe('ListFilter.typed and eachWord', () => {
  it('takes the text as typed alone, or one pattern a word', () => {
    const typed = new ListFilter().typed(' B1-TR_2 x ', (p) => `t.number ILIKE ${p}`);
    expect(typed.clause).toBe('WHERE t.number ILIKE $1');
    expect(typed.params).toEqual(['%B1-TR\\_2 x%']);
    const words = new ListFilter().eachWord('قلم أحمر', (p) => `v.search_text LIKE ${p}`);
    expect(words.clause).toBe('WHERE v.search_text LIKE $1 AND v.search_text LIKE $2');
    expect(words.params).toEqual(['%قلم%', '%احمر%']);
    expect(new ListFilter().typed(undefined, () => 'x').eachWord('', () => 'y').clause).toBe('');
  });
});

describe('listPage', () => {
  it('counts and pages under one WHERE, the count without the SELECT’s own parameters', async () => {
    const calls: { sql: string; params?: unknown[] }[] = [];
    const sql = {
      query: async (text: string, params?: unknown[]) => {
        calls.push({ sql: text, params });
        return text.startsWith('SELECT count') ? [{ total: 3 }] : [{ id: 'a' }];
      },
    };
    const filter = new ListFilter(['tz']).add('t.status = ?', 'open');
    const page = await listPage(sql, { page: 2, pageSize: 10, sort: '-number' }, filter, {
      count: 'SELECT count(*)::int AS total FROM t',
      select: 'SELECT t.*, $1 AS tz FROM t',
      sorts: { createdAt: 't.created_at', number: 't.number' },
      sort: '-createdAt',
      tie: 'NULLS LAST, t.id DESC',
      countSkips: 1,
    });
    expect(page).toEqual({ rows: [{ id: 'a' }], total: 3 });
    expect(calls).toEqual([
      { sql: 'SELECT count(*)::int AS total FROM t WHERE t.status = $1', params: ['open'] },
      {
        sql: 'SELECT t.*, $1 AS tz FROM t WHERE t.status = $2 ORDER BY t.number DESC NULLS LAST, t.id DESC LIMIT 10 OFFSET 10',
        params: ['tz', 'open'],
      },
    ]);
  });
});
