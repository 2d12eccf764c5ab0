import { HttpStatus } from '@nestjs/common';
import { normalizeArabic, VENDORS, type VendorCreateDto, type VendorDto } from '@pos/contracts';
import type { AuthUser } from '../../core/auth/auth.types';
import { AppException } from '../../core/errors/app.exception';
import { defineServerResource, type ResourceContext } from '../../core/resource';
import { VendorEntity } from './entities/vendor.entities';
import { postVendorLedger } from './vendor-ledger';

/** The normalised text a vendor is found by: name, phones, tax number and commercial register. */
export function vendorSearchText(v: {
  name: string;
  phones?: string[] | null;
  taxNumber?: string | null;
  commercialRegister?: string | null;
}): string {
  return normalizeArabic(
    [v.name, ...(v.phones ?? []), v.taxNumber ?? '', v.commercialRegister ?? ''].join(' '),
  );
}

const text = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : value.trim() || null;
const phones = (list: string[] | undefined) =>
  list === undefined ? undefined : [...new Set(list.map((p) => p.trim()).filter(Boolean))];

/**
 * Posts (amount > 0) or takes back (amount < 0) a vendor's opening balance: an 'opening' ledger
 * row and the `vendor.opening.posted` fact (accounting posts opening_balances ↔ vendors).
 */
async function postOpening(ctx: ResourceContext, vendorName: string, amount: number) {
  if (amount === 0) return;
  await postVendorLedger(ctx.tx.m, {
    vendorId: ctx.id,
    type: 'opening',
    amount,
    referenceType: 'vendor_opening',
    referenceId: ctx.id,
    branchId: ctx.user.branchId,
    userId: ctx.user.id,
    note: amount < 0 ? 'reversal' : null,
  });
  await ctx.tx.raise('vendor.opening.posted', {
    vendorId: ctx.id,
    vendorName,
    amount,
    branchId: ctx.user.branchId ?? null,
    userId: ctx.user.id,
  });
}

const canSeeTotals = (user: AuthUser) => user.permissions.includes('can_see_totals');

/**
 * /Vendors on the resource kit (issue 14). The balance changes only through the vendor's ledger;
 * a new vendor's opening balance is posted once as its first ledger row, and may change later only
 * while the vendor has no other row (the old one is reversed, the new one posted). Amounts owed
 * (balance, opening balance) are answered only with can_see_totals. Vendors are shared by every
 * branch; one with a ledger or invoices cannot be deleted (deactivate it instead).
 */
export const vendors = defineServerResource({
  descriptor: VENDORS,
  entity: VendorEntity,
  table: 'vendors',
  columns: `t.id, t.name, t.phones, t.address, t.tax_number AS "taxNumber",
    t.commercial_register AS "commercialRegister", t.notes, t.payment_terms_days AS "paymentTermsDays",
    t.active, t.opening_balance AS "openingBalance", t.balance`,
  audit: { action: 'vendor', entity: 'vendor' },
  search: ['t.search_text'],
  sort: { name: 't.name', paymentTermsDays: 't.payment_terms_days', active: 't.active' },
  filters: { active: (value, bind) => `t.active = ${bind(value === 'true')}` },
  inUse: `EXISTS (SELECT 1 FROM vendor_ledger WHERE vendor_id = $1)
    OR EXISTS (SELECT 1 FROM purchase_invoices WHERE vendor_id = $1)`,
  toInsert: (dto: VendorCreateDto): Partial<VendorEntity> => {
    const values = {
      name: dto.name.trim(),
      phones: phones(dto.phones) ?? [],
      address: text(dto.address) ?? null,
      taxNumber: text(dto.taxNumber) ?? null,
      commercialRegister: text(dto.commercialRegister) ?? null,
      notes: text(dto.notes) ?? null,
      openingBalance: dto.openingBalance ?? 0,
      paymentTermsDays: dto.paymentTermsDays ?? 0,
      active: dto.active ?? true,
    };
    return { ...values, searchText: vendorSearchText(values) };
  },
  toPatch: (dto: Partial<VendorCreateDto>, _ctx, before): Partial<VendorEntity> => {
    const patch = {
      name: dto.name?.trim(),
      phones: phones(dto.phones),
      address: text(dto.address),
      taxNumber: text(dto.taxNumber),
      commercialRegister: text(dto.commercialRegister),
      notes: text(dto.notes),
      openingBalance: dto.openingBalance,
      paymentTermsDays: dto.paymentTermsDays,
      active: dto.active,
    };
    const searched = [patch.name, patch.phones, patch.taxNumber, patch.commercialRegister];
    if (searched.every((v) => v === undefined)) return patch;
    return {
      ...patch,
      searchText: vendorSearchText({
        name: patch.name ?? before.name,
        phones: patch.phones ?? before.phones,
        taxNumber: patch.taxNumber === undefined ? before.taxNumber : patch.taxNumber,
        commercialRegister:
          patch.commercialRegister === undefined
            ? before.commercialRegister
            : patch.commercialRegister,
      }),
    };
  },
  check: async (tx, id, values, before) => {
    if (!before || values.openingBalance === undefined) return;
    if (Number(values.openingBalance) === Number(before.openingBalance)) return;
    const [other] = await tx.m.query(
      `SELECT 1 FROM vendor_ledger WHERE vendor_id = $1 AND type <> 'opening' LIMIT 1`,
      [id],
    );
    if (other) throw new AppException('VENDOR_OPENING_LOCKED', HttpStatus.BAD_REQUEST);
  },
  effects: {
    // TypeORM's insert may leave the money column as its database text: read it as a number.
    created: (ctx, values) => postOpening(ctx, values.name!, Number(values.openingBalance ?? 0)),
    updated: async (ctx, patch, before) => {
      const previous = Number(before.openingBalance);
      if (patch.openingBalance === undefined) return;
      const next = Number(patch.openingBalance);
      if (next === previous) return;
      const name = patch.name ?? before.name;
      await postOpening(ctx, name, -previous);
      await postOpening(ctx, name, next);
    },
  },
  toRow: ({ balance, openingBalance, ...row }: VendorDto, user) =>
    canSeeTotals(user)
      ? { ...row, balance: Number(balance), openingBalance: Number(openingBalance) }
      : row,
});
