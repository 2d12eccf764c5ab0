// The customer display's idle slideshow (issue 35 item 3, docs/decisions/0129): the store's
// images, store-wide or a branch's own, uploaded on /SystemSettings and shown by /CustomerDisplay
// while the till is idle. Its DTO classes: dto/display-images.dto.ts.

/** At most this many images per screen (store-wide, or one branch's own). */
export const DISPLAY_IMAGES_MAX = 8;
/** One image at most this large (bytes). */
export const DISPLAY_IMAGE_MAX_BYTES = 1024 * 1024;
/** The image types a display shows (no SVG: it may carry script; no GIF: it animates). */
export const DISPLAY_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** How long each image stays on the idle screen (ms), its cross-fade included. */
export const DISPLAY_SLIDE_MS = 6_000;

export const DISPLAY_IMAGES_PATH = '/DisplayImages';

/** The upload's form field (multipart) and the name its errors give it. */
export const DISPLAY_IMAGE_FIELD = 'image';

export type DisplayImageDto = {
  id: string;
  /** null: store-wide */
  branchId: string | null;
  position: number;
  url: string;
  contentType: string;
  size: number;
};

/** What a display shows: the branch's own images when it has any, else the store-wide ones. */
export type DisplaySlidesDto = { scope: 'branch' | 'store'; images: DisplayImageDto[] };
