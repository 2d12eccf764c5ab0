// The customer display's idle images (docs/decisions/0129): the screen named and its order.
import { ArrayMaxSize, ArrayUnique, IsArray, IsOptional, IsUUID } from 'class-validator';
import { DISPLAY_IMAGES_MAX } from '../display-images';

/** Which screen: a branch's own images, or none named: the store-wide set. */
export class DisplayImagesScopeDto {
  @IsOptional() @IsUUID() branchId?: string;
}

/** A screen's images in their new order: every one of them, once. */
export class DisplayImagesOrderDto {
  @IsOptional() @IsUUID() branchId?: string;
  @IsArray()
  @ArrayUnique()
  @ArrayMaxSize(DISPLAY_IMAGES_MAX)
  @IsUUID('all', { each: true })
  imageIds: string[];
}
