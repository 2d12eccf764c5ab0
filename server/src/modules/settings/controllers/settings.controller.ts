import {
  Body,
  Controller,
  Get,
  Param,
  Patch,
  Post,
  Put,
  Query,
  Res,
  UploadedFile,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import {
  AuditListQueryDto,
  FEATURE_DEFAULTS,
  FeatureToggleDto,
  PublicConfigUpdateDto,
  SiteSettingsUpdateDto,
  StoreInfoUpdateDto,
  StoreSettingsUpdateDto,
  type StoreSettingsDto,
  type FeatureDto,
  type PublicConfigDto,
  type SiteSettingsDto,
} from '@pos/contracts';
import { AuditLogEntity } from '../../../core/audit/audit-log.entity';
import { FileUpload } from '../../../core/http/file-upload';
import {
  AdminOnly,
  Authenticated,
  Meta,
  Public,
  type RequestMeta,
} from '../../../core/auth/decorators';
import { SettingsReader } from '../../../core/auth/settings.reader';
import { readStoreSettings } from '../settings.reader';
import { loadConfig } from '../../../core/config/config';
import { Errors } from '../../../core/errors/app.exception';
import { pageOf, sendList } from '../../../core/http/list';
import { UuidPipe } from '../../../core/http/uuid.pipe';
import { SetFeatureCommand } from '../commands/set-feature/set-feature.command';
import { UpdateModulesCommand } from '../commands/update-modules/update-modules.command';
import { UpdateSiteSettingsCommand } from '../commands/update-site-settings/update-site-settings.command';
import { UpdateStoreInfoCommand } from '../commands/update-store-info/update-store-info.command';
import { UpdateStoreSettingsCommand } from '../commands/update-store-settings/update-store-settings.command';
import { UploadFileCommand, type Upload } from '../commands/upload-file/upload-file.command';
import { FeatureEntity, FileEntity, StoreInfoEntity } from '../entities/settings.entities';

@ApiTags('settings')
@Controller()
export class SettingsController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly settings: SettingsReader,
    private readonly commands: CommandBus,
  ) {}

  /** Spec §7: the signed-in user's feature flags as key/enabled entries. */
  @Authenticated()
  @Get('Features')
  async features(): Promise<FeatureDto[]> {
    const rows = await this.ds.getRepository(FeatureEntity).find({ order: { key: 'ASC' } });
    const map = new Map(Object.entries(FEATURE_DEFAULTS));
    for (const row of rows) map.set(row.key, row.enabled);
    return [...map].map(([key, enabled]) => ({ key, enabled }));
  }

  @AdminOnly()
  @Put('Features/:key')
  setFeature(
    @Param('key') key: string,
    @Body() dto: FeatureToggleDto,
    @Meta() meta: RequestMeta,
  ): Promise<FeatureDto> {
    return this.commands.execute(new SetFeatureCommand(key, dto.enabled, meta));
  }

  /** Spec §7: a list whose first element is used. */
  @Authenticated()
  @Get('StoreInfo')
  storeInfo() {
    return this.ds.getRepository(StoreInfoEntity).find({ take: 1 });
  }

  @AdminOnly()
  @Patch('StoreInfo/:id')
  updateStoreInfo(
    @Param('id', UuidPipe) id: string,
    @Body() dto: StoreInfoUpdateDto,
    @Meta() meta: RequestMeta,
  ) {
    return this.commands.execute(new UpdateStoreInfoCommand(id, dto, meta));
  }

  /** Public configuration (spec §3): the enabled modules. Needed before sign-in, so public. */
  @Public()
  @Get('config')
  async config(): Promise<PublicConfigDto> {
    return { modules: await this.settings.enabledModules(), appName: loadConfig().appName };
  }

  @AdminOnly()
  @Patch('config')
  async updateConfig(
    @Body() dto: PublicConfigUpdateDto,
    @Meta() meta: RequestMeta,
  ): Promise<PublicConfigDto> {
    await this.commands.execute(new UpdateModulesCommand(dto, meta));
    return this.config();
  }

  /** Spec §7: reads maxBranches (the client falls back to 100 on failure). */
  @Authenticated()
  @Get('admin/settings')
  async siteSettings(): Promise<SiteSettingsDto> {
    return { maxBranches: (await this.settings.get()).maxBranches };
  }

  @AdminOnly()
  @Patch('admin/settings')
  async updateSiteSettings(
    @Body() dto: SiteSettingsUpdateDto,
    @Meta() meta: RequestMeta,
  ): Promise<SiteSettingsDto> {
    await this.commands.execute(new UpdateSiteSettingsCommand(dto, meta));
    return this.siteSettings();
  }

  /** Store-wide settings every register shares (time zone, scale-barcode layout). */
  @Authenticated()
  @Get('StoreSettings')
  storeSettings(): Promise<StoreSettingsDto> {
    return readStoreSettings(this.ds);
  }

  @AdminOnly()
  @Patch('StoreSettings')
  updateStoreSettings(
    @Body() dto: StoreSettingsUpdateDto,
    @Meta() meta: RequestMeta,
  ): Promise<StoreSettingsDto> {
    return this.commands.execute(new UpdateStoreSettingsCommand(dto, meta));
  }

  @AdminOnly()
  @Get('AuditLogs')
  async auditLogs(@Query() query: AuditListQueryDto, @Res({ passthrough: true }) res: Response) {
    const { skip, take } = pageOf(query);
    const qb = this.ds
      .getRepository(AuditLogEntity)
      .createQueryBuilder('a')
      .orderBy('a.at', 'DESC')
      .skip(skip)
      .take(take);
    if (query.entity) qb.andWhere('a.entity = :entity', { entity: query.entity });
    if (query.entityId) qb.andWhere('a.entityId = :entityId', { entityId: query.entityId });
    if (query.userId) qb.andWhere('a.userId = :userId', { userId: query.userId });
    // A date without a time is a whole store day (Africa/Cairo): from its start, to its end.
    if (query.from) {
      if (DATE_ONLY.test(query.from))
        qb.andWhere(`a.at >= (:from::date::timestamp AT TIME ZONE '${STORE_TZ}')`, {
          from: query.from,
        });
      else qb.andWhere('a.at >= :from', { from: query.from });
    }
    if (query.to) {
      if (DATE_ONLY.test(query.to))
        qb.andWhere(`a.at < ((:to::date + 1)::timestamp AT TIME ZONE '${STORE_TZ}')`, {
          to: query.to,
        });
      else qb.andWhere('a.at <= :to', { to: query.to });
    }
    const [rows, total] = await qb.getManyAndCount();
    // The screen shows who: the user's display name (or username) with each row.
    const ids = [...new Set(rows.map((r) => r.userId).filter((id): id is string => Boolean(id)))];
    const names = new Map<string, string>(
      ids.length
        ? (
            await this.ds.query(
              "SELECT id, coalesce(nullif(display_name, ''), username) AS name FROM users WHERE id = ANY($1)",
              [ids],
            )
          ).map((u: { id: string; name: string }) => [u.id, u.name])
        : [],
    );
    const labels = await auditEntityLabels(this.ds, rows);
    return sendList(
      res,
      rows.map((r) => ({
        ...r,
        userName: r.userId ? (names.get(r.userId) ?? null) : null,
        entityLabel: r.entityId ? (labels.get(`${r.entity}:${r.entityId}`) ?? null) : null,
      })),
      total,
    );
  }

  /** The record types the log holds (the screen's filter). */
  @AdminOnly()
  @Get('AuditLogs/entities')
  async auditEntities(): Promise<string[]> {
    const rows: { entity: string }[] = await this.ds.query(
      'SELECT DISTINCT entity FROM audit_logs ORDER BY entity',
    );
    return rows.map((r) => r.entity);
  }
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * How the audit log names a record (issue 30 item 10): its document number or its name, read from
 * the table of its type; a type not listed (or a record since deleted) keeps its id.
 */
const AUDIT_ENTITY_LABELS: Record<string, { table: string; label: string }> = {
  user: { table: 'users', label: "coalesce(nullif(t.display_name, ''), t.username)" },
  sale: { table: 'sales_invoices', label: 't.number' },
  purchase_invoice: { table: 'purchase_invoices', label: 't.number' },
  purchase_order: { table: 'purchase_orders', label: 't.number' },
  purchase_return: { table: 'purchase_returns', label: 't.number' },
  expense: { table: 'expenses', label: 't.number' },
  cheque: { table: 'cheques', label: 't.number' },
  delivery: { table: 'delivery_orders', label: 't.number' },
  delivery_settlement: { table: 'delivery_settlements', label: 't.number' },
  installment_plan: { table: 'installment_plans', label: 't.number' },
  maintenance_ticket: { table: 'maintenance_tickets', label: 't.number' },
  money_transaction: { table: 'money_transactions', label: 't.number' },
  reservation: { table: 'reservations', label: 't.number' },
  stock_taking: { table: 'stock_takings', label: 't.number' },
  transfer_request: { table: 'transfer_requests', label: 't.number' },
  journal_entry: { table: 'journal_entries', label: 't.number::text' },
  customer: { table: 'customers', label: 't.name' },
  vendor: { table: 'vendors', label: 't.name' },
  branch: { table: 'branches', label: 't.name' },
  role: { table: 'roles', label: 't.name' },
  vault: { table: 'vaults', label: 't.name' },
  inventory: { table: 'inventories', label: 't.name' },
  category: { table: 'categories', label: 't.name' },
  expense_category: { table: 'expense_categories', label: 't.name' },
  recurring_expense: { table: 'recurring_expenses', label: 't.name' },
  property_type: { table: 'property_types', label: 't.name' },
  api_key: { table: 'api_keys', label: 't.name' },
  product: { table: 'products', label: 't.name_ar' },
  payment_method: { table: 'payment_methods', label: 't.name_ar' },
  account: { table: 'accounts', label: "t.code || ' ' || t.name_ar" },
  // a till by its name and its receipt prefix; a sale's flag by its invoice's number
  pos_device: { table: 'pos_devices', label: "t.name || ' (' || t.receipt_prefix || ')'" },
  sale_flag: {
    table: 'sale_flags',
    label: '(SELECT s.number FROM sales_invoices s WHERE s.id = t.sale_id)',
  },
  // a customer display's image by its screen (the branch's name; none for the store's) and place
  display_image: {
    table: 'display_images',
    label: `concat_ws(' · ', (SELECT b.name FROM branches b WHERE b.id = t.branch_id), '#' || t.position::text)`,
  },
  price_list: { table: 'price_lists', label: 't.name' },
  promotion: { table: 'promotions', label: 't.name' },
  customer_group: { table: 'customer_groups', label: 't.name' },
  // a shift by its register and its cashier's name
  shift: {
    table: 'shifts',
    label: `t.register::text || ' — ' || (SELECT coalesce(nullif(u.display_name, ''), u.username) FROM users u WHERE u.id = t.cashier_id)`,
  },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The labels of one page of audit rows, keyed `entity:id`: one query per record type on the page. */
async function auditEntityLabels(
  ds: DataSource,
  rows: { entity: string; entityId: string | null }[],
): Promise<Map<string, string>> {
  const byType = new Map<string, Set<string>>();
  for (const r of rows) {
    if (!r.entityId || !UUID.test(r.entityId) || !AUDIT_ENTITY_LABELS[r.entity]) continue;
    const ids = byType.get(r.entity) ?? new Set<string>();
    ids.add(r.entityId);
    byType.set(r.entity, ids);
  }
  const labels = new Map<string, string>();
  for (const [entity, ids] of byType) {
    const { table, label } = AUDIT_ENTITY_LABELS[entity];
    const found: { id: string; label: string | null }[] = await ds.query(
      `SELECT t.id::text AS id, ${label} AS label FROM ${table} t WHERE t.id = ANY($1::uuid[])`,
      [[...ids]],
    );
    for (const f of found) if (f.label) labels.set(`${entity}:${f.id}`, f.label);
  }
  return labels;
}
const STORE_TZ = 'Africa/Cairo';

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

/** Small images (branch logo, receipt footer) kept in the database, served back by id. */
@ApiTags('files')
@Controller('files')
export class FilesController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly commands: CommandBus,
  ) {}

  @Authenticated()
  @Post()
  @FileUpload(MAX_UPLOAD_BYTES)
  upload(@UploadedFile() file: Upload | undefined, @Meta() meta: RequestMeta) {
    return this.commands.execute(new UploadFileCommand(file, meta));
  }

  @Authenticated({ apiKey: ['can_see_products'] })
  @Get(':id')
  async get(@Param('id', UuidPipe) id: string, @Res() res: Response) {
    const file = await this.ds
      .getRepository(FileEntity)
      .createQueryBuilder('f')
      .addSelect('f.data')
      .where('f.id = :id', { id })
      .getOne();
    if (!file) throw Errors.notFound();
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Cache-Control', 'private, max-age=86400, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (file.contentType === 'image/svg+xml')
      res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    res.end(file.data);
  }
}
