import type {
  ReservationCancelDto,
  ReservationConvertDto,
  ReservationCreateDto,
  ReservationDto,
} from '@pos/contracts';
import { http, type Query } from '../../../shared/api/http';

const id = (value: string) => encodeURIComponent(value);

export type ReservationListQuery = {
  page: number;
  pageSize: number;
  q?: string;
  status?: string;
  sort?: string;
};

export const reservationKeys = {
  all: ['reservations'] as const,
  list: (query: ReservationListQuery) => ['reservations', 'list', query] as const,
};

export const reservationsApi = {
  list: (query: ReservationListQuery) => http.list<ReservationDto>('/Reservations', query as Query),
  create: (body: ReservationCreateDto) => http.post<ReservationDto>('/Reservations', body),
  convert: (reservationId: string, body: ReservationConvertDto) =>
    http.post<ReservationDto>(`/Reservations/${id(reservationId)}/convert`, body),
  cancel: (reservationId: string, body: ReservationCancelDto) =>
    http.post<ReservationDto>(`/Reservations/${id(reservationId)}/cancel`, body),
};
