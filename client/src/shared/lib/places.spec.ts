import { placeLabel } from './places';

describe('placeLabel (issue 30 item 3)', () => {
  it('names the branch after the store or vault', () => {
    expect(placeLabel({ name: 'المخزن الرئيسي', branchName: 'فرع وسط البلد' })).toBe(
      'المخزن الرئيسي — فرع وسط البلد',
    );
  });
  it('is the bare name when the branch is unknown', () => {
    expect(placeLabel({ name: 'الخزينة', branchName: '' })).toBe('الخزينة');
    expect(placeLabel({ name: 'الخزينة' })).toBe('الخزينة');
  });
});
