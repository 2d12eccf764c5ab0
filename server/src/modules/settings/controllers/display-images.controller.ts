import {
  Body,
  Controller,
  Delete,
  Get,
  Param,
  Post,
  Put,
  Query,
  UploadedFile,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import {
  DISPLAY_IMAGE_FIELD,
  DISPLAY_IMAGE_MAX_BYTES,
  DisplayImagesOrderDto,
  DisplayImagesScopeDto,
  type DisplayImageDto,
  type DisplaySlidesDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { askedBranch } from '../../../core/auth/branch-scope';
import {
  AdminOnly,
  Authenticated,
  CurrentUser,
  Meta,
  type RequestMeta,
} from '../../../core/auth/decorators';
import { NamedFileUpload } from '../../../core/http/file-upload';
import { UuidPipe } from '../../../core/http/uuid.pipe';
import { AddDisplayImageCommand } from '../commands/add-display-image/add-display-image.command';
import { DISPLAY_IMAGE_LABEL } from '../commands/add-display-image/add-display-image.handler';
import { OrderDisplayImagesCommand } from '../commands/order-display-images/order-display-images.command';
import { RemoveDisplayImageCommand } from '../commands/remove-display-image/remove-display-image.command';
import type { Upload } from '../commands/upload-file/upload-file.command';
import { displaySlides, listDisplayImages } from '../queries/display-images.queries';

/**
 * The customer display's idle images (docs/decisions/0129). Changed by an administrator, as the
 * branch logo and the store's information are; read by any signed-in user within the branch scope
 * (a display device signs in with an account of its own).
 */
@ApiTags('settings')
@Controller('DisplayImages')
export class DisplayImagesController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly commands: CommandBus,
  ) {}

  /** One screen's images (the settings screen): store-wide, or a branch's own. */
  @Authenticated()
  @Get()
  list(
    @Query() query: DisplayImagesScopeDto,
    @CurrentUser() user: AuthUser,
  ): Promise<DisplayImageDto[]> {
    if (query.branchId) askedBranch(user, query.branchId);
    return listDisplayImages(this.ds, query.branchId ?? null);
  }

  /** What a display shows: the branch's own images (the user's, or one asked within scope), else the store's. */
  @Authenticated()
  @Get('slides')
  slides(
    @Query() query: DisplayImagesScopeDto,
    @CurrentUser() user: AuthUser,
  ): Promise<DisplaySlidesDto> {
    const branchId = query.branchId ? askedBranch(user, query.branchId) : user.branchId;
    return displaySlides(this.ds, branchId ?? null);
  }

  @AdminOnly()
  @Post()
  @NamedFileUpload(DISPLAY_IMAGE_FIELD, DISPLAY_IMAGE_MAX_BYTES, DISPLAY_IMAGE_LABEL)
  add(
    @UploadedFile() file: Upload | undefined,
    @Query() query: DisplayImagesScopeDto,
    @Meta() meta: RequestMeta,
  ): Promise<DisplayImageDto> {
    return this.commands.execute(new AddDisplayImageCommand(file, query.branchId ?? null, meta));
  }

  @AdminOnly()
  @Put('order')
  order(
    @Body() dto: DisplayImagesOrderDto,
    @Meta() meta: RequestMeta,
  ): Promise<{ branchId: string | null; imageIds: string[] }> {
    return this.commands.execute(
      new OrderDisplayImagesCommand(dto.branchId ?? null, dto.imageIds, meta),
    );
  }

  @AdminOnly()
  @Delete(':id')
  remove(@Param('id', UuidPipe) id: string, @Meta() meta: RequestMeta): Promise<{ id: string }> {
    return this.commands.execute(new RemoveDisplayImageCommand(id, meta));
  }
}
