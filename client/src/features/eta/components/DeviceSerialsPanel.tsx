import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PosDeviceDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../shared/api/http';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { Panel } from '../../../shared/ui/DetailKit';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';

const devicesKey = ['eta', 'pos-devices'] as const;

/**
 * The branch's tills and their ETA POS serial (issue 32 item 6): a till with a serial of its own
 * is the POS of record of the e-receipts it prints offline (docs/offline.md).
 */
export function DeviceSerialsPanel({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('eta');
  const devices = useQuery({
    queryKey: devicesKey,
    queryFn: () => http.get<PosDeviceDto[]>('/PosDevices'),
  });
  useErrorToast(devices.error);
  const columns: Column<PosDeviceDto>[] = [
    { key: 'name', header: t('devices.name'), render: (d) => `${d.name} (${d.receiptPrefix})` },
    {
      key: 'serial',
      header: t('devices.serial'),
      render: (d) => <SerialField device={d} canWrite={canWrite} />,
    },
  ];
  return (
    <Panel title={t('devices.title')} sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('devices.help')}
      </Typography>
      <DataTable
        columns={columns}
        rows={devices.data ?? []}
        rowKey={(d) => d.id}
        rowTestId="eta-device-row"
        ariaLabel={t('devices.title')}
        emptyText={t('devices.none')}
      />
    </Panel>
  );
}

function SerialField({ device, canWrite }: { device: PosDeviceDto; canWrite: boolean }) {
  const { t } = useTranslation('eta');
  const [value, setValue] = useState(device.etaPosSerial ?? '');
  const save = useCrudMutation({
    mutationFn: (serial: string) =>
      http.put<PosDeviceDto>(`/PosDevices/${device.id}/eta-serial`, {
        etaPosSerial: serial.trim() || null,
      }),
    success: t('devices.saved', { name: device.name }),
    invalidate: [devicesKey],
  });
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <TextField
        size="small"
        value={value}
        disabled={!canWrite}
        onChange={(e) => setValue(e.target.value)}
        slotProps={{
          htmlInput: {
            dir: 'ltr',
            'aria-label': t('devices.serial'),
            'data-testid': 'eta-device-serial',
          },
        }}
      />
      <Button
        size="small"
        disabled={!canWrite || save.isPending || value === (device.etaPosSerial ?? '')}
        onClick={() => save.mutate(value)}
        data-testid="eta-device-serial-save"
      >
        {t('devices.save')}
      </Button>
    </Box>
  );
}
