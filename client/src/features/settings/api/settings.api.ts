import { DISPLAY_IMAGE_FIELD, DISPLAY_IMAGES_PATH, type DisplayImageDto } from '@pos/contracts';
import type {
  FeatureDto,
  PublicConfigDto,
  PublicConfigUpdateDto,
  SiteSettingsDto,
  SiteSettingsUpdateDto,
  StoreInfoResponseDto,
  StoreInfoUpdateDto,
} from '@pos/contracts';
import { http } from '../../../shared/api/http';

export const settingsKeys = {
  storeInfo: ['settings', 'store-info'] as const,
  features: ['settings', 'features'] as const,
  config: ['settings', 'config'] as const,
  /** Shared with the branches page (its limit). */
  site: ['admin-settings'] as const,
  siteRaw: ['admin-settings', 'raw'] as const,
  displayImages: (branchId: string | null) => ['settings', 'display-images', branchId] as const,
};

export const settingsApi = {
  storeInfo: () => http.get<StoreInfoResponseDto[]>('/StoreInfo'),
  updateStoreInfo: (id: string, body: StoreInfoUpdateDto) =>
    http.patch<StoreInfoResponseDto>(`/StoreInfo/${encodeURIComponent(id)}`, body),
  features: () => http.get<FeatureDto[]>('/Features'),
  setFeature: (key: string, enabled: boolean) =>
    http.put<FeatureDto>(`/Features/${encodeURIComponent(key)}`, { enabled }),
  config: () => http.get<PublicConfigDto>('/config'),
  updateConfig: (body: PublicConfigUpdateDto) => http.patch<PublicConfigDto>('/config', body),
  site: () => http.get<SiteSettingsDto>('/admin/settings'),
  updateSite: (body: SiteSettingsUpdateDto) => http.patch<SiteSettingsDto>('/admin/settings', body),
  /** One screen of the customer display's idle images (null: store-wide). */
  displayImages: (branchId: string | null) =>
    http.get<DisplayImageDto[]>(DISPLAY_IMAGES_PATH, { branchId }),
  addDisplayImage: (branchId: string | null, file: File) => {
    const form = new FormData();
    form.append(DISPLAY_IMAGE_FIELD, file);
    return http.post<DisplayImageDto>(
      `${DISPLAY_IMAGES_PATH}${branchId ? `?branchId=${encodeURIComponent(branchId)}` : ''}`,
      form,
    );
  },
  orderDisplayImages: (branchId: string | null, imageIds: string[]) =>
    http.put(`${DISPLAY_IMAGES_PATH}/order`, { ...(branchId ? { branchId } : {}), imageIds }),
  removeDisplayImage: (id: string) =>
    http.delete(`${DISPLAY_IMAGES_PATH}/${encodeURIComponent(id)}`),
};
