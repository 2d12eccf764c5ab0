import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPiasters } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { propertiesText } from '../lib/variants';
import { LabelSheet, labelCode, labelItem, type LabelItem } from './LabelSheet';
import { ActionDialog } from './ProductKit';
import { VariantPicker } from './VariantPicker';
import { nameLang } from '../../../shared/lib/lang';
import { Caption } from './Caption';
import { DataTable } from '../../../shared/ui/DataTable';
import { DeleteAction } from '../../../shared/ui/IconAction';
import { PrintArea } from '../../../shared/ui/print';
import { handleError } from '../../../shared/api/handleError';
import { toast } from '../../../shared/ui/toast';
import { tillPrinter } from '../../pos';
import { printThermalLabels, ThermalLabels } from './ThermalLabels';

const MAX_COPIES = 500;

type Props = {
  open: boolean;
  onClose: () => void;
  /** Variants to start with (a product's variants, selected rows). */
  initial?: LabelItem[];
};

/**
 * Barcode labels: choose variants and copies, preview the A4 sheet, print from the browser.
 * Printing uses a copy of the sheet rendered straight under <body>; the print CSS hides every
 * other child of <body> (the app and this dialog), so long sheets break across pages normally.
 */
export function LabelsDialog({ open, onClose, initial }: Props) {
  const { t } = useTranslation('catalog');
  // Mounted with a new key at each opening: starts from `initial`.
  const [items, setItems] = useState<LabelItem[]>(() =>
    (initial ?? []).map((item) => ({ ...item })),
  );

  // this browser's till and its label printer (issue 35 item 4), when it has one
  const till = useQuery({
    queryKey: ['till-printer'],
    queryFn: () => tillPrinter(true),
    enabled: open,
    staleTime: 0,
  });
  const labelPrinter = till.data?.printer.labelLanguage ? till.data : null;
  const previews = useRef<HTMLDivElement>(null);
  const [sending, setSending] = useState(false);
  const printToLabelPrinter = async () => {
    if (!labelPrinter || !previews.current) return;
    setSending(true);
    try {
      const count = await printThermalLabels(
        previews.current,
        items,
        labelPrinter.deviceId,
        labelPrinter.printer,
      );
      toast.success(t('labels.sent', { count }));
    } catch (err) {
      handleError(err, { toast: true });
    } finally {
      setSending(false);
    }
  };

  const total = items.reduce((sum, item) => sum + Math.max(0, item.quantity), 0);
  const setQuantity = (variantId: string, text: string) => {
    const n = Math.min(MAX_COPIES, Math.max(0, Math.floor(Number(text) || 0)));
    setItems((prev) =>
      prev.map((item) => (item.variantId === variantId ? { ...item, quantity: n } : item)),
    );
  };

  return (
    <ActionDialog
      open={open}
      onClose={onClose}
      fullScreen
      title={t('labels.title')}
      closeLabel={t('common.close')}
      sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', md: 'row' }, p: 1.5 }}
      actions={
        <>
          {labelPrinter && (
            <Button
              variant="outlined"
              startIcon={<PrintOutlined />}
              disabled={total === 0 || sending}
              onClick={() => void printToLabelPrinter()}
              data-testid="labels-print-thermal"
            >
              {t('labels.printThermal')}
            </Button>
          )}
          <Button
            variant="contained"
            startIcon={<PrintOutlined />}
            disabled={total === 0}
            onClick={() => window.print()}
            data-testid="labels-print"
          >
            {t('labels.print')}
          </Button>
        </>
      }
    >
      <Box sx={{ inlineSize: { xs: '100%', md: 420 }, flexShrink: 0 }}>
        <VariantPicker
          label={t('labels.add')}
          excludeIds={items.map((item) => item.variantId)}
          testId="labels-picker"
          onChange={(variant) => {
            if (!variant) return;
            setItems((prev) => [...prev, labelItem(variant)]);
          }}
        />
        <Paper variant="outlined" sx={{ mt: 1.5 }}>
          <DataTable
            ariaLabel={t('labels.items')}
            rows={items}
            rowKey={(item) => item.variantId}
            rowTestId="labels-item"
            emptyText={t('labels.empty')}
            scroll={false}
            columns={[
              {
                key: 'item',
                header: t('labels.item'),
                render: (item) => (
                  <>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      <span lang={nameLang(item.productName)}>{item.productName}</span>
                    </Typography>
                    <Caption>{propertiesText(item.properties)}</Caption>
                    <Caption ltr>{labelCode(item)}</Caption>
                  </>
                ),
              },
              {
                key: 'price',
                header: t('fields.sellPrice'),
                nowrap: true,
                render: (item) => formatPiasters(item.sellPrice),
              },
              {
                key: 'copies',
                header: t('labels.copies'),
                headerSx: { inlineSize: 90 },
                render: (item) => (
                  <TextField
                    size="small"
                    type="number"
                    value={item.quantity}
                    onChange={(e) => setQuantity(item.variantId, e.target.value)}
                    slotProps={{
                      htmlInput: {
                        min: 0,
                        max: MAX_COPIES,
                        'aria-label': t('labels.copies'),
                        'data-testid': 'labels-qty',
                      },
                    }}
                  />
                ),
              },
              {
                key: 'remove',
                header: null,
                padding: 'none',
                render: (item) => (
                  <DeleteAction
                    label={t('common.delete')}
                    onClick={() =>
                      setItems((prev) => prev.filter((x) => x.variantId !== item.variantId))
                    }
                  />
                ),
              },
            ]}
          />
        </Paper>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 1 }}
          data-testid="labels-total"
        >
          {t('labels.total', { count: total })}
        </Typography>
      </Box>
      <Box
        sx={{
          flex: 1,
          minInlineSize: 0,
          overflow: 'auto',
          bgcolor: 'action.hover',
          p: 2,
          borderRadius: 1,
        }}
      >
        {labelPrinter && (
          <Box ref={previews}>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {t('labels.thermalPreview', {
                size: labelPrinter.printer.labelSize.replace('x', ' × '),
                language: labelPrinter.printer.labelLanguage!.toUpperCase(),
              })}
            </Typography>
            <ThermalLabels items={items} size={labelPrinter.printer.labelSize} />
          </Box>
        )}
        <Box
          sx={{
            bgcolor: '#fff',
            boxShadow: 1,
            marginInline: 'auto',
            inlineSize: 'fit-content',
            p: '5mm',
          }}
        >
          <LabelSheet items={items} testId="label-sheet" />
        </Box>
      </Box>
      {open && (
        <PrintArea layout="a4" margin="5mm" testId="label-print-root">
          <LabelSheet items={items} testId="label-sheet-print" />
        </PrintArea>
      )}
    </ActionDialog>
  );
}
