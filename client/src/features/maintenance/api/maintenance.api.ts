import type {
  MaintenanceCountsDto,
  MaintenanceCreateDto,
  MaintenancePartsDto,
  MaintenanceSerialDto,
  MaintenanceTechnicianDto,
  MaintenanceTicketDto,
  MaintenanceTransitionDto,
  MaintenanceUpdateDto,
  MaintenanceVaultDto,
} from '@pos/contracts';
import { http, type Query, type WriteOptions, pathId } from '../../../shared/api/http';

export const maintenanceKeys = {
  all: ['maintenance'] as const,
  list: (query: Query) => ['maintenance', 'list', query] as const,
  one: (ticketId: string) => ['maintenance', 'one', ticketId] as const,
  counts: ['maintenance', 'counts'] as const,
  technicians: ['maintenance', 'technicians'] as const,
  vaults: (branchId: string) => ['maintenance', 'vaults', branchId] as const,
  byNumber: (number: string) => ['maintenance', 'by-number', number] as const,
  serial: (code: string) => ['maintenance', 'serial', code] as const,
};

export const maintenanceApi = {
  list: (query: Query) => http.list<MaintenanceTicketDto>('/Maintenance', query),
  counts: () => http.get<MaintenanceCountsDto>('/Maintenance/counts'),
  technicians: () => http.get<MaintenanceTechnicianDto[]>('/Maintenance/technicians'),
  get: (ticketId: string) => http.get<MaintenanceTicketDto>(`/Maintenance/${pathId(ticketId)}`),
  byNumber: (number: string) =>
    http.get<MaintenanceTicketDto>(`/Maintenance/by-number/${pathId(number)}`),
  /** GET /api/Maintenance/serial/{code}: the device a serial or an IMEI names, its last sale (0128). */
  serial: (code: string) => http.get<MaintenanceSerialDto>(`/Maintenance/serial/${pathId(code)}`),
  create: (body: MaintenanceCreateDto, options?: WriteOptions) =>
    http.post<MaintenanceTicketDto>('/Maintenance', body, options),
  update: (ticketId: string, body: MaintenanceUpdateDto) =>
    http.patch<MaintenanceTicketDto>(`/Maintenance/${pathId(ticketId)}`, body),
  move: (ticketId: string, body: MaintenanceTransitionDto, options?: WriteOptions) =>
    http.post<MaintenanceTicketDto>(`/Maintenance/${pathId(ticketId)}/status`, body, options),
  addParts: (ticketId: string, body: MaintenancePartsDto, options?: WriteOptions) =>
    http.post<MaintenanceTicketDto>(`/Maintenance/${pathId(ticketId)}/parts`, body, options),
  removePart: (ticketId: string, partId: string, options?: WriteOptions) =>
    http.delete<MaintenanceTicketDto>(
      `/Maintenance/${pathId(ticketId)}/parts/${pathId(partId)}`,
      options,
    ),
  /** Multipart: the photo in `file`. */
  addPhoto: (ticketId: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return http.post<MaintenanceTicketDto>(`/Maintenance/${pathId(ticketId)}/photos`, form);
  },
  photoUrl: (ticketId: string, photoId: string) =>
    `/api/Maintenance/${pathId(ticketId)}/photos/${pathId(photoId)}`,
  vaults: (branchId: string) =>
    http.get<MaintenanceVaultDto[]>('/Maintenance/vaults', { branchId }),
};
