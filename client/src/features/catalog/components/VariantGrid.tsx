import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InventoryOption } from '../api/catalog.api';
import { propertiesText } from '../lib/variants';
import { ChipsInput } from './ChipsInput';

/** One row of the size × colour grid while a product is being created (texts as typed). */
export type GridRow = {
  key: string;
  properties: Record<string, string>;
  sku: string;
  barcodes: string[];
  sellPrice: string;
  minSellPrice: string;
  avgCost: string;
  lowStockThreshold: string;
  opening: Record<string, string>;
};

export function emptyGridRow(key: string, properties: Record<string, string>): GridRow {
  return {
    key,
    properties,
    sku: '',
    barcodes: [],
    sellPrice: '',
    minSellPrice: '',
    avgCost: '',
    lowStockThreshold: '',
    opening: {},
  };
}

type Props = {
  rows: GridRow[];
  onChange: (key: string, patch: Partial<GridRow>) => void;
  onApplyAll: (
    patch: Partial<Pick<GridRow, 'sellPrice' | 'minSellPrice' | 'avgCost' | 'lowStockThreshold'>>,
  ) => void;
  /** `${rowKey}.${field}` → message */
  errors: Record<string, string | undefined>;
  showCost: boolean;
  inventories: InventoryOption[];
};

const cellInput = { minInlineSize: 96 } as const;

/** The generated variants, editable in one table (SKU, barcodes, prices, threshold, opening stock). */
/**
 * The grid's editable rows for a list of property combinations: what was typed is kept per row
 * key (so a row survives the list changing around it), new rows come from `fresh`; editing a
 * field clears that field's errors, "apply to all" clears them all. `keyOf` and `fresh` must be
 * stable (useCallback) so the rows are not rebuilt on every render.
 */
export function useGridRows(
  combos: Record<string, string>[],
  keyOf: (properties: Record<string, string>) => string,
  fresh: (key: string, properties: Record<string, string>) => GridRow,
) {
  const [rowData, setRowData] = useState<Record<string, GridRow>>({});
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const rows: GridRow[] = useMemo(
    () =>
      combos.map((properties) => {
        const key = keyOf(properties);
        return rowData[key] ?? fresh(key, properties);
      }),
    [combos, rowData, keyOf, fresh],
  );
  const patchRow = (key: string, patch: Partial<GridRow>) => {
    setRowData((prev) => {
      const base = prev[key] ?? rows.find((r) => r.key === key);
      return base ? { ...prev, [key]: { ...base, ...patch } } : prev;
    });
    setErrors((prev) => {
      const next = { ...prev };
      for (const field of Object.keys(patch))
        for (const k of Object.keys(next)) if (k.startsWith(`${key}.${field}`)) delete next[k];
      return next;
    });
  };
  const applyAll = (patch: Partial<GridRow>) => {
    setRowData((prev) => {
      const next = { ...prev };
      for (const row of rows) next[row.key] = { ...(prev[row.key] ?? row), ...patch };
      return next;
    });
    setErrors({});
  };
  return { rows, patchRow, applyAll, errors, setErrors };
}

export function VariantGrid({ rows, onChange, onApplyAll, errors, showCost, inventories }: Props) {
  const { t } = useTranslation('catalog');
  // Inventories of several branches share names ("المخزن الرئيسي"): add the branch then.
  const severalBranches = new Set(inventories.map((i) => i.branchId)).size > 1;
  const inventoryLabel = (inventory: InventoryOption) =>
    severalBranches ? `${inventory.name} (${inventory.branchName})` : inventory.name;
  const [bulk, setBulk] = useState({
    sellPrice: '',
    minSellPrice: '',
    avgCost: '',
    lowStockThreshold: '',
  });

  const input = (
    row: GridRow,
    field: 'sku' | 'sellPrice' | 'minSellPrice' | 'avgCost' | 'lowStockThreshold',
    index: number,
  ) => (
    <TextField
      size="small"
      value={row[field]}
      onChange={(e) => onChange(row.key, { [field]: e.target.value })}
      error={Boolean(errors[`${row.key}.${field}`])}
      helperText={errors[`${row.key}.${field}`]}
      placeholder={field === 'sku' ? t('hints.skuAuto') : undefined}
      sx={cellInput}
      slotProps={{
        htmlInput: {
          'aria-label': t(`fields.${field}`),
          'data-testid': `grid-${field}-${index}`,
          dir: 'ltr',
          inputMode: field === 'sku' ? undefined : 'decimal',
        },
      }}
    />
  );

  return (
    <Box>
      <Stack
        direction="row"
        sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}
        data-testid="grid-bulk"
      >
        <Typography variant="body2" color="text.secondary">
          {t('grid.applyAllHint')}
        </Typography>
        {(
          [
            'sellPrice',
            'minSellPrice',
            ...(showCost ? ['avgCost'] : []),
            'lowStockThreshold',
          ] as const
        ).map((field) => (
          <TextField
            key={field}
            size="small"
            label={t(`fields.${field}`)}
            value={bulk[field as keyof typeof bulk]}
            onChange={(e) => setBulk((prev) => ({ ...prev, [field]: e.target.value }))}
            sx={{ inlineSize: 160 }}
            slotProps={{
              htmlInput: { dir: 'ltr', inputMode: 'decimal', 'data-testid': `bulk-${field}` },
            }}
          />
        ))}
        <Button
          size="small"
          variant="outlined"
          data-testid="bulk-apply"
          onClick={() => {
            const patch = Object.fromEntries(
              Object.entries(bulk).filter(([, v]) => v.trim() !== ''),
            );
            onApplyAll(patch);
          }}
        >
          {t('grid.applyAll')}
        </Button>
      </Stack>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label={t('grid.title')} data-testid="variant-grid">
          <TableHead>
            <TableRow>
              <TableCell sx={{ inlineSize: 40 }}>#</TableCell>
              <TableCell>{t('fields.properties')}</TableCell>
              <TableCell>{t('fields.sku')}</TableCell>
              <TableCell sx={{ minInlineSize: 200 }}>{t('fields.barcodes')}</TableCell>
              <TableCell>{t('fields.sellPrice')}</TableCell>
              <TableCell>{t('fields.minSellPrice')}</TableCell>
              {showCost && <TableCell>{t('fields.avgCost')}</TableCell>}
              <TableCell>{t('fields.lowStockThreshold')}</TableCell>
              {inventories.map((inventory) => (
                <TableCell key={inventory.id}>
                  {t('grid.opening', { name: inventoryLabel(inventory) })}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => (
              <TableRow key={row.key} data-testid="grid-row">
                <TableCell>{index + 1}</TableCell>
                <TableCell
                  sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
                  data-testid="grid-properties"
                >
                  {propertiesText(row.properties) || t('grid.single')}
                </TableCell>
                <TableCell>{input(row, 'sku', index)}</TableCell>
                <TableCell>
                  <ChipsInput
                    value={row.barcodes}
                    onChange={(barcodes) => onChange(row.key, { barcodes })}
                    placeholder={t('hints.barcodes')}
                    error={errors[`${row.key}.barcodes`]}
                    testId={`grid-barcodes-${index}`}
                    ltr
                  />
                </TableCell>
                <TableCell>{input(row, 'sellPrice', index)}</TableCell>
                <TableCell>{input(row, 'minSellPrice', index)}</TableCell>
                {showCost && <TableCell>{input(row, 'avgCost', index)}</TableCell>}
                <TableCell>{input(row, 'lowStockThreshold', index)}</TableCell>
                {inventories.map((inventory) => (
                  <TableCell key={inventory.id}>
                    <TextField
                      size="small"
                      value={row.opening[inventory.id] ?? ''}
                      onChange={(e) =>
                        onChange(row.key, {
                          opening: { ...row.opening, [inventory.id]: e.target.value },
                        })
                      }
                      error={Boolean(errors[`${row.key}.opening.${inventory.id}`])}
                      helperText={errors[`${row.key}.opening.${inventory.id}`]}
                      sx={{ minInlineSize: 80 }}
                      slotProps={{
                        htmlInput: {
                          dir: 'ltr',
                          inputMode: 'decimal',
                          'aria-label': t('grid.opening', { name: inventoryLabel(inventory) }),
                          'data-testid': `grid-opening-${index}-${inventory.id}`,
                        },
                      }}
                    />
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={20} align="center" sx={{ py: 3, color: 'text.secondary' }}>
                  {t('grid.empty')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
