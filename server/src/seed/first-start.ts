import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../core/database/ids';
import { appDataSource } from '../app-data-source';
import { loadConfig } from '../core/config/config';
import { BranchEntity, nextBranchCode, provisionBranch } from '../modules/branches';
import { RoleEntity, UserEntity, hashPassword } from '../modules/identity';
import { PaymentMethodEntity } from '../modules/sales';
import { ensureStoreSettings, SiteSettingsEntity, StoreInfoEntity } from '../modules/settings';
import { SEED_ROLES } from './roles';

/** Rows every database needs: settings, store info, the seeded roles. Safe to run again. */
export async function seedBase(m: EntityManager): Promise<void> {
  await m
    .createQueryBuilder()
    .insert()
    .into(SiteSettingsEntity)
    .values({ id: 1 })
    .orIgnore()
    .execute();
  // The store time zone starts from STORE_TIME_ZONE (default Africa/Cairo); admins change it later.
  await ensureStoreSettings(m);
  if ((await m.count(StoreInfoEntity)) === 0) await m.insert(StoreInfoEntity, { id: uuidv7() });
  if ((await m.count(PaymentMethodEntity)) === 0) {
    const methods = [
      { nameAr: 'نقدي', nameEn: 'Cash', type: 'cash' as const },
      { nameAr: 'فيزا', nameEn: 'Card', type: 'card' as const },
      { nameAr: 'محفظة إلكترونية', nameEn: 'Mobile wallet', type: 'wallet' as const },
      { nameAr: 'تحويل بنكي', nameEn: 'Bank transfer', type: 'bank_transfer' as const },
      { nameAr: 'آجل', nameEn: 'On credit', type: 'credit' as const },
      { nameAr: 'تقسيط', nameEn: 'Installments', type: 'installment' as const },
      {
        nameAr: 'بطاقة هدية / رصيد',
        nameEn: 'Gift card / store credit',
        type: 'gift_card' as const,
      },
      { nameAr: 'نقاط الولاء', nameEn: 'Loyalty points', type: 'loyalty' as const },
    ];
    for (const [i, method] of methods.entries()) {
      await m.insert(PaymentMethodEntity, {
        id: uuidv7(),
        ...method,
        active: true,
        sortOrder: i + 1,
      });
    }
  }
  for (const role of SEED_ROLES) {
    if (!(await m.exists(RoleEntity, { where: { name: role.name } }))) {
      await m.insert(RoleEntity, { id: uuidv7(), ...role });
    }
  }
}

/** The first user's generated password: printed once, after the server listens (see main.ts). */
export type FirstStartCredentials = { username: string; password: string };

/**
 * First start on an empty database: the first branch and an `admin` user (isAdmin, every
 * permission). The password comes from ADMIN_PASSWORD or is generated; a generated one must be
 * changed at the first sign-in (mustChangePassword) and is returned so the caller prints it last.
 */
export async function seedFirstStart(url: string): Promise<FirstStartCredentials | null> {
  const ds = appDataSource(url);
  await ds.initialize();
  try {
    return await ds.transaction(async (m): Promise<FirstStartCredentials | null> => {
      await m.query('SELECT pg_advisory_xact_lock(424242)');
      await seedBase(m);
      if ((await m.count(UserEntity)) > 0) return null;
      const config = loadConfig();
      const generated = !config.adminPassword;
      const password = config.adminPassword ?? randomBytes(9).toString('base64url');
      let branch = await m.findOne(BranchEntity, { where: {}, order: { createdAt: 'ASC' } });
      if (!branch) {
        branch = m.create(BranchEntity, {
          id: uuidv7(),
          name: 'الفرع الرئيسي',
          code: await nextBranchCode(m),
        });
        await m.insert(BranchEntity, branch);
      }
      await provisionBranch(m, branch.id);
      const adminRole = await m.findOneByOrFail(RoleEntity, { name: SEED_ROLES[0].name });
      await m.insert(UserEntity, {
        id: uuidv7(),
        username: 'admin',
        displayName: 'مدير النظام',
        passwordHash: await hashPassword(password),
        roleId: adminRole.id,
        branchId: branch.id,
        isAdmin: true,
        active: true,
        screens: [],
        maxDiscountPercent: 100,
        mustChangePassword: generated,
      });
      return generated ? { username: 'admin', password } : null;
    });
  } finally {
    await ds.destroy();
  }
}
