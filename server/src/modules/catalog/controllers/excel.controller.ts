import { Controller, Get, HttpStatus, Post, Query, Req, Res, UploadedFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthUser } from '../../../core/auth/auth.types';
import { FileUpload } from '../../../core/http/file-upload';
import { Idempotent } from '../../../core/http/idempotency';
import {
  CurrentUser,
  Meta,
  RequirePermissions,
  type RequestMeta,
} from '../../../core/auth/decorators';
import { AppException } from '../../../core/errors/app.exception';
import { requestLocale } from '../../../core/i18n/locale';
import { ExcelService } from '../services/excel.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel export, template and import of products (declared before /Products/:id). */
@ApiTags('catalog')
@Controller('Products')
export class ProductsExcelController {
  constructor(private readonly excel: ExcelService) {}

  @RequirePermissions(['can_see_products'])
  @Get('export')
  async export(@CurrentUser() user: AuthUser, @Res() res: Response) {
    const file = await this.excel.export(user);
    res.setHeader('Content-Type', XLSX);
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="products-${new Date().toISOString().slice(0, 10)}.xlsx"`,
    );
    res.end(file);
  }

  @RequirePermissions(['can_manage_products'])
  @Get('import/template')
  async template(@CurrentUser() user: AuthUser, @Res() res: Response) {
    const file = await this.excel.template(user);
    res.setHeader('Content-Type', XLSX);
    res.setHeader('Content-Disposition', 'attachment; filename="products-template.xlsx"');
    res.end(file);
  }

  /**
   * A file's opening stock moves stock: the import takes an Idempotency-Key (one per attempt; the
   * preview, which writes nothing, takes one too) and a retry answers the first import's report
   * without writing again (docs/decisions/0123).
   */
  @RequirePermissions(['can_manage_products'])
  @Idempotent()
  @Post('import')
  @FileUpload(20 * 1024 * 1024)
  async import(
    @UploadedFile() file: { buffer: Buffer; originalname: string } | undefined,
    @Query('dryRun') dryRun: string | undefined,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
    @Req() req: Request,
  ) {
    if (!file || !/\.xlsx$/i.test(file.originalname))
      throw new AppException('UNSUPPORTED_FILE', HttpStatus.BAD_REQUEST);
    return this.excel.import(file.buffer, dryRun !== 'false', user, meta, requestLocale(req));
  }
}
