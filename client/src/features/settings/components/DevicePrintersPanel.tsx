import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  encodeReceipt,
  LABEL_LANGUAGES,
  LABEL_SIZES,
  PAPER_DOTS,
  PAPER_WIDTHS,
  PRINTER_KINDS,
  SetDevicePrinterDto,
  type DevicePrinterDto,
} from '@pos/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { FormSwitch } from '../../../shared/forms/FormSwitch';
import { FormTextField } from '../../../shared/forms/FormTextField';
import { useDtoForm } from '../../../shared/forms/useDtoForm';
import { printerApi, type DevicePrinterRowDto } from '../../../shared/printing/printerApi';
import { sendToPrinter } from '../../../shared/printing/transport';
import { publicConfigState } from '../../../shared/state';
import { toast } from '../../../shared/ui/toast';

// The tills' receipt printers (issue 35 item 1, docs/printing.md): kind, address, paper width,
// code page, drawer, the shop's print bridge; and a test print (a short slip in Arabic and English
// drawn and sent the way a receipt is).

const printersKey = ['settings', 'device-printers'] as const;

type Values = {
  printerKind: string;
  printerAddress: string;
  paperWidth: string;
  codePage: string;
  drawer: boolean;
  printBridgeUrl: string;
  labelLanguage: string;
  labelPrinterAddress: string;
  labelSize: string;
};

export function DevicePrintersPanel() {
  const { t } = useTranslation('settings');
  const list = useQuery({ queryKey: printersKey, queryFn: printerApi.list });
  useErrorToast(list.error);
  const [editing, setEditing] = useState<DevicePrinterRowDto | null>(null);
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} data-testid="device-printers">
      <Typography variant="h6" component="h2">
        {t('printers.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('printers.intro')}
      </Typography>
      {list.data && list.data.length === 0 && (
        <Typography variant="body2">{t('printers.none')}</Typography>
      )}
      {list.data && list.data.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('printers.till')}</TableCell>
                <TableCell>{t('printers.kind')}</TableCell>
                <TableCell>{t('printers.address')}</TableCell>
                <TableCell>{t('printers.paper')}</TableCell>
                <TableCell>{t('printers.drawer')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.map((row) => (
                <TableRow key={row.id} data-testid="device-printer-row" data-device-id={row.id}>
                  <TableCell>
                    {row.name} ({row.number})
                  </TableCell>
                  <TableCell>{t(`printers.kinds.${row.printerKind}`)}</TableCell>
                  <TableCell dir="ltr">{row.printerAddress ?? '—'}</TableCell>
                  <TableCell>{t('printers.mm', { width: row.paperWidth })}</TableCell>
                  <TableCell>{row.drawer ? t('printers.yes') : t('printers.no')}</TableCell>
                  <TableCell>
                    <Button size="small" onClick={() => setEditing(row)} data-testid="edit-printer">
                      {t('printers.edit')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {editing && <PrinterDialog device={editing} onClose={() => setEditing(null)} />}
    </Paper>
  );
}

function PrinterDialog({ device, onClose }: { device: DevicePrinterRowDto; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const config = useAtomValue(publicConfigState);
  const [busy, setBusy] = useState(false);
  const form = useDtoForm<Values, SetDevicePrinterDto>({
    dto: SetDevicePrinterDto,
    defaultValues: {
      printerKind: device.printerKind,
      printerAddress: device.printerAddress ?? '',
      paperWidth: String(device.paperWidth),
      codePage: device.codePage == null ? '' : String(device.codePage),
      drawer: device.drawer,
      printBridgeUrl: device.printBridgeUrl ?? '',
      labelLanguage: device.labelLanguage ?? '',
      labelPrinterAddress: device.labelPrinterAddress ?? '',
      labelSize: device.labelSize,
    },
    toBody: (v) => ({
      printerKind: v.printerKind as SetDevicePrinterDto['printerKind'],
      printerAddress: v.printerAddress.trim() || null,
      paperWidth: Number(v.paperWidth) as SetDevicePrinterDto['paperWidth'],
      codePage: v.codePage.trim() === '' ? null : Number(v.codePage),
      drawer: v.drawer,
      printBridgeUrl: v.printBridgeUrl.trim() || null,
      labelLanguage: (v.labelLanguage || null) as SetDevicePrinterDto['labelLanguage'],
      labelPrinterAddress: v.labelPrinterAddress.trim() || null,
      labelSize: v.labelSize as SetDevicePrinterDto['labelSize'],
    }),
    label: (field) => t(`printers.fields.${field}`),
  });
  const kind = form.watch('printerKind');

  /** Saves (the list refreshed), then `then` with the printer as saved; an error is shown. */
  const saving = (then: (printer: DevicePrinterDto) => Promise<void> | void) =>
    form.submit(async (body) => {
      setBusy(true);
      try {
        const printer = await printerApi.set(device.id, body);
        await queryClient.invalidateQueries({ queryKey: printersKey });
        await then(printer);
      } catch (err) {
        handleError(err, { toast: true });
      } finally {
        setBusy(false);
      }
    });

  /** Saves, then prints the slip to the printer as saved (a USB or serial one is picked here). */
  const testPrint = saving(async (printer) => {
    if (printer.printerKind === 'browser') {
      toast.info(t('printers.browserTest'));
      return;
    }
    const { rasterizeElement } = await import('../../../shared/printing/rasterize');
    const raster = await rasterizeElement(
      document.querySelector<HTMLElement>('[data-testid=printer-test-slip]')!,
      PAPER_DOTS[printer.paperWidth],
    );
    const bytes = encodeReceipt({ raster, codePage: printer.codePage });
    await sendToPrinter(device.id, printer, bytes, { pick: true });
    toast.success(t('printers.testSent'));
  });

  const submit = saving(() => {
    toast.success(t('printers.saved'));
    onClose();
  });

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('printers.dialogTitle', { name: device.name })}</DialogTitle>
      <DialogContent>
        <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 2, pt: 1 }}>
          <FormTextField
            form={form}
            name="printerKind"
            select
            label={t('printers.fields.printerKind')}
            selectTestId="printer-kind"
          >
            {PRINTER_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`printers.kinds.${k}`)}
              </MenuItem>
            ))}
          </FormTextField>
          {kind === 'network' && (
            <>
              <FormTextField
                form={form}
                name="printerAddress"
                ltr
                label={t('printers.fields.printerAddress')}
                helperText={t('printers.addressHint')}
                testId="printer-address"
              />
              <FormTextField
                form={form}
                name="printBridgeUrl"
                ltr
                label={t('printers.fields.printBridgeUrl')}
                helperText={t('printers.bridgeHint')}
                testId="printer-bridge"
              />
            </>
          )}
          <FormTextField
            form={form}
            name="paperWidth"
            select
            label={t('printers.fields.paperWidth')}
            selectTestId="printer-width"
          >
            {PAPER_WIDTHS.map((w) => (
              <MenuItem key={w} value={String(w)}>
                {t('printers.mm', { width: w })}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            form={form}
            name="codePage"
            ltr
            inputMode="numeric"
            label={t('printers.fields.codePage')}
            helperText={t('printers.codePageHint')}
            testId="printer-code-page"
          />
          <FormSwitch
            form={form}
            name="drawer"
            label={t('printers.fields.drawer')}
            testId="printer-drawer"
          />
          {/* the till's label printer (issue 35 item 4, docs/decisions/0114) */}
          <FormTextField
            form={form}
            name="labelLanguage"
            select
            label={t('printers.fields.labelLanguage')}
            selectTestId="label-language"
          >
            <MenuItem value="">{t('printers.labelNone')}</MenuItem>
            {LABEL_LANGUAGES.map((l) => (
              <MenuItem key={l} value={l}>
                {t(`printers.labelLanguages.${l}`)}
              </MenuItem>
            ))}
          </FormTextField>
          {form.watch('labelLanguage') !== '' && (
            <>
              <FormTextField
                form={form}
                name="labelPrinterAddress"
                ltr
                label={t('printers.fields.labelPrinterAddress')}
                helperText={t('printers.addressHint')}
                testId="label-address"
              />
              <FormTextField
                form={form}
                name="labelSize"
                select
                label={t('printers.fields.labelSize')}
                selectTestId="label-size"
              >
                {LABEL_SIZES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {t('printers.labelSize', { size: s.replace('x', ' × ') })}
                  </MenuItem>
                ))}
              </FormTextField>
            </>
          )}
        </Stack>
        {/* The test slip, drawn off screen and sent as the receipt is. */}
        <Box
          data-testid="printer-test-slip"
          aria-hidden
          sx={{
            position: 'fixed',
            insetInlineStart: -10000,
            insetBlockStart: 0,
            inlineSize: '72mm',
            bgcolor: '#fff',
            color: '#000',
            fontSize: 14,
            textAlign: 'center',
            p: 1,
          }}
        >
          <Box sx={{ fontWeight: 700, fontSize: 18 }}>{config.appName}</Box>
          <Box>{t('printers.slipTitle')}</Box>
          <Box>{t('printers.slipSample')}</Box>
          <Box dir="ltr">
            {device.name} · {t('printers.mm', { width: form.watch('paperWidth') })}
          </Box>
          <Box sx={{ borderBlockStart: '2px solid #000', mt: 1 }} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void testPrint()} disabled={busy} data-testid="printer-test">
          {t('printers.test')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>{t('printers.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={busy}
          data-testid="printer-save"
        >
          {t('printers.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
