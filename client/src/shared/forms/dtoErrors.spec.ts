import {
  BranchCreateDto,
  RoleCreateDto,
  SiteSettingsUpdateDto,
  UserCreateDto,
  UserUpdateDto,
} from '@pos/contracts';
import { dtoErrors, hasErrors } from './useDtoForm';

describe('dtoErrors (client forms use the server DTO classes)', () => {
  it('shows the spec text for an empty branch name, in Arabic by default', async () => {
    const errors = await dtoErrors(BranchCreateDto, { name: '' }, 'ar');
    expect(errors.name).toBe('الرجاء ادخال اسم الفرع');
    expect(hasErrors(errors)).toBe(true);
  });

  it('follows the locale', async () => {
    const errors = await dtoErrors(BranchCreateDto, { name: '' }, 'en');
    expect(errors.name).toBe('Please enter the branch name');
  });

  it('refuses a tax type outside P, F, B and accepts null optional fields', async () => {
    const bad = await dtoErrors(BranchCreateDto, { name: 'فرع', taxType: 'X' }, 'ar');
    expect(bad.taxType).toBe('نوع الضريبة يجب أن يكون P أو F أو B');
    const ok = await dtoErrors(
      BranchCreateDto,
      { name: 'فرع', taxType: null, location: null },
      'ar',
    );
    expect(hasErrors(ok)).toBe(false);
  });

  it('words built-in constraints like the server, with the field label', async () => {
    const errors = await dtoErrors(UserUpdateDto, { maxDiscountPercent: 150 }, 'ar', (field) =>
      field === 'maxDiscountPercent' ? 'الحد الأقصى للخصم' : field,
    );
    expect(errors.maxDiscountPercent).toBe('الحقل "الحد الأقصى للخصم" أكبر من المسموح');
  });

  it('reports the first failing rule of each field of a new user', async () => {
    const errors = await dtoErrors(
      UserCreateDto,
      { username: 'a b', displayName: '', password: 'short', roleId: 'not-a-uuid' },
      'ar',
    );
    expect(errors.username).toBe('اسم المستخدم من 3 إلى 50 حرفًا لاتينيًا أو رقمًا');
    expect(errors.displayName).toBe('الرجاء ادخال اسم المستخدم الظاهر');
    expect(errors.password).toBe('كلمة المرور 8 أحرف على الأقل');
    expect(errors.roleId).toBe('الدور غير صحيح');
  });

  it('passes a valid role and refuses an unknown permission key', async () => {
    expect(
      hasErrors(
        await dtoErrors(RoleCreateDto, { name: 'كاشير', permissions: ['can_see_products'] }, 'ar'),
      ),
    ).toBe(false);
    const errors = await dtoErrors(
      RoleCreateDto,
      { name: 'كاشير', permissions: ['can_fly'] },
      'ar',
    );
    expect(errors.permissions).toBe('صلاحية غير معروفة');
  });

  it('checks the branch limit setting is a whole number of at least 1', async () => {
    const errors = await dtoErrors(
      SiteSettingsUpdateDto,
      { maxBranches: 0 },
      'en',
      () => 'Maximum',
    );
    expect(errors.maxBranches).toBe('"Maximum" is below the minimum');
    expect(hasErrors(await dtoErrors(SiteSettingsUpdateDto, { maxBranches: 100 }, 'en'))).toBe(
      false,
    );
  });
});
