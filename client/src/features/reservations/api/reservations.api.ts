import type {
  ReservationCancelDto,
  ReservationConvertDto,
  ReservationCreateDto,
  ReservationDto,
} from '@pos/contracts';
import { http, type Query, type WriteOptions, pathId } from '../../../shared/api/http';

export const reservationKeys = {
  all: ['reservations'] as const,
  list: (query: Query) => ['reservations', 'list', query] as const,
};

export const reservationsApi = {
  list: (query: Query) => http.list<ReservationDto>('/Reservations', query),
  create: (body: ReservationCreateDto, options?: WriteOptions) =>
    http.post<ReservationDto>('/Reservations', body, options),
  convert: (reservationId: string, body: ReservationConvertDto, options?: WriteOptions) =>
    http.post<ReservationDto>(`/Reservations/${pathId(reservationId)}/convert`, body, options),
  cancel: (reservationId: string, body: ReservationCancelDto, options?: WriteOptions) =>
    http.post<ReservationDto>(`/Reservations/${pathId(reservationId)}/cancel`, body, options),
};
