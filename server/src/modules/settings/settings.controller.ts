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
  UseInterceptors,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
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
import { AuditLogEntity } from '../../core/audit/audit-log.entity';
import {
  AdminOnly,
  Authenticated,
  Meta,
  Public,
  type RequestMeta,
} from '../../core/auth/decorators';
import { SettingsReader } from '../../core/auth/settings.reader';
import { readStoreSettings } from './settings.reader';
import { loadConfig } from '../../core/config/config';
import { Errors } from '../../core/errors/app.exception';
import { pageOf, sendList } from '../../core/http/list';
import { UuidPipe } from '../../core/http/uuid.pipe';
import { SetFeatureCommand } from './commands/set-feature/set-feature.command';
import { UpdateModulesCommand } from './commands/update-modules/update-modules.command';
import { UpdateSiteSettingsCommand } from './commands/update-site-settings/update-site-settings.command';
import { UpdateStoreInfoCommand } from './commands/update-store-info/update-store-info.command';
import { UpdateStoreSettingsCommand } from './commands/update-store-settings/update-store-settings.command';
import { UploadFileCommand, type Upload } from './commands/upload-file/upload-file.command';
import { FeatureEntity, FileEntity, StoreInfoEntity } from './entities/settings.entities';

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
    return sendList(
      res,
      rows.map((r) => ({ ...r, userName: r.userId ? (names.get(r.userId) ?? null) : null })),
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
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } }))
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
