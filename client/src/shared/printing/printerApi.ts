import type { DevicePrinterDto, SetDevicePrinterDto } from '@pos/contracts';
import { http, pathId } from '../api/http';

/** A till with its printer (the settings' list). */
export type DevicePrinterRowDto = DevicePrinterDto & {
  id: string;
  name: string;
  number: number;
  branchId: string;
};

// A till's printer (issue 35): the settings set it, the till reads it and sends its jobs.
export const printerApi = {
  list: () => http.get<DevicePrinterRowDto[]>('/PosDevices/printers'),
  get: (deviceId: string) => http.get<DevicePrinterDto>(`/PosDevices/${pathId(deviceId)}/printer`),
  set: (deviceId: string, body: SetDevicePrinterDto) =>
    http.put<DevicePrinterDto>(`/PosDevices/${pathId(deviceId)}/printer`, body),
  /** the server's relay to the till's network printer (base64 ESC/POS), or its label printer (ZPL/TSPL) */
  print: (deviceId: string, data: string, target: 'receipt' | 'label' = 'receipt') =>
    http.post<void>(`/PosDevices/${pathId(deviceId)}/print`, { data, target }),
  /** "open drawer" without a sale: audited; who sends the pulse */
  openDrawer: (deviceId: string) =>
    http.post<{ opened: 'server' | 'till' }>(`/PosDevices/${pathId(deviceId)}/drawer`),
};
