import { HttpStatus } from '@nestjs/common';
import { BRANCHES, type BranchCreateDto, type BranchUpdateDto } from '@pos/contracts';
import type { EntityManager } from 'typeorm';
import { SecretsService } from '../../core/auth/secrets.service';
import { AppException } from '../../core/errors/app.exception';
import { defineServerResource, type ResourceContext } from '../../core/resource';
import { SiteSettingsEntity } from '../settings';
import { dropUnusedBranchVaults } from '../cash';
import { dropBranchInventories } from '../inventory';
import { nextBranchCode, provisionBranch } from './default-inventory';
import { BranchEntity } from './entities/branch.entity';

const SECRETS = ['invoiceClientSecret', 'receiptClientSecret'] as const;

/** The ETA secrets are stored encrypted; an empty one is kept as given. */
function encrypted<T extends BranchCreateDto | BranchUpdateDto>(dto: T, ctx: ResourceContext): T {
  const out = { ...dto, name: dto.name?.trim() };
  for (const key of SECRETS) {
    const value = out[key];
    if (typeof value === 'string' && value !== '')
      out[key] = ctx.get(SecretsService).encrypt(value);
  }
  return out;
}

/** The limit is checked under a lock on the settings row, so two creators cannot both pass. */
async function checkLimit(m: EntityManager): Promise<void> {
  const settings = await m.findOne(SiteSettingsEntity, {
    where: { id: 1 },
    lock: { mode: 'pessimistic_write' },
  });
  const max = settings?.maxBranches ?? 100;
  if ((await m.count(BranchEntity)) >= max)
    throw new AppException('BRANCH_LIMIT_REACHED', HttpStatus.BAD_REQUEST, { max });
}

const secretSet = (column: string) => `COALESCE(t.${column}, '') <> ''`;

/**
 * /Branch (spec §7): the secrets never leave the server (only whether one is stored); a new branch
 * gets the next code (B01…) and its default inventory; a branch with users or stock history is in
 * use, otherwise its empty inventories go with it.
 */
export const branches = defineServerResource({
  descriptor: BRANCHES,
  entity: BranchEntity,
  table: 'branches',
  columns: `t.id, t.name, t.code, t.location, t.phone_number AS "phoneNumber",
    t.second_phone_number AS "secondPhoneNumber", t.recepit_info AS "recepitInfo", t.logo,
    t.receipt_footer_image AS "receiptFooterImage", t.tax_branch_number AS "taxBranchNumber",
    t.tax_number AS "taxNumber", t.activity_code AS "activityCode", t.tax_type AS "taxType",
    t.invoice_client_id AS "invoiceClientId", t.receipt_client_id AS "receiptClientId",
    t.receipt_pos_serial AS "receiptPosSerial", t.receipts_os_version AS "receiptsOsVersion",
    t.e_receipts_enabled AS "eReceiptsEnabled",
    ${secretSet('invoice_client_secret')} AS "hasInvoiceClientSecret",
    ${secretSet('receipt_client_secret')} AS "hasReceiptClientSecret", t.created_at AS "createdAt"`,
  audit: { action: 'branch', entity: 'branch' },
  search: ['t.name'],
  sort: { createdAt: 't.created_at', name: 't.name', location: 't.location' },
  // A branch's own rows are the branch: a user outside it sees and changes nothing of it.
  branch: { column: 't.id', property: 'id', outside: 'notFound' },
  pageSize: 100,
  toInsert: async (dto, ctx) => {
    await checkLimit(ctx.tx.m);
    return { ...encrypted(dto, ctx), code: await nextBranchCode(ctx.tx.m) };
  },
  toPatch: (dto, ctx) => encrypted(dto, ctx),
  effects: {
    created: (ctx) => provisionBranch(ctx.tx.m, ctx.id),
    deleting: async ({ tx, id }) => {
      // Its empty inventories go with it (inventory's), and the vaults that never moved with their
      // empty accounts (cash's); one with movements keeps the branch (the foreign key refuses).
      await dropBranchInventories(tx.m, id);
      await dropUnusedBranchVaults(tx.m, id);
    },
  },
  inUse: `EXISTS (SELECT 1 FROM users WHERE branch_id = $1)
    OR EXISTS (SELECT 1 FROM stock_movements sm JOIN inventories i ON i.id = sm.inventory_id WHERE i.branch_id = $1)`,
});
