import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { useMemo, useState, type ReactNode } from 'react';
import { dtoErrors } from '../../../shared/forms/useDtoForm';
import { sessionUserState } from '../../../shared/state';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { useInventoryOptions, type InventoryOption } from '../api/catalog.api';
import type { VariantTexts } from '../lib/variantForm';
import { propertiesText } from '../lib/variants';
import { ChipsInput } from './ChipsInput';
import { LtrInput, useVariantChecks } from './ProductKit';

type Errors = Record<string, string>;

/** One row of the size × colour grid while a product is being created (texts as typed). */
export type GridRow = VariantTexts & {
  key: string;
  properties: Record<string, string>;
  opening: Record<string, string>;
};

export function emptyGridRow(key: string, properties: Record<string, string>): GridRow {
  const texts = { sku: '', sellPrice: '', minSellPrice: '', avgCost: '', lowStockThreshold: '' };
  return { key, properties, ...texts, barcodes: [], opening: {} };
}

const cellInput = { minInlineSize: 96 } as const;
const BULK_FIELDS = ['sellPrice', 'minSellPrice', 'avgCost', 'lowStockThreshold'] as const;
type TextKey = 'sku' | (typeof BULK_FIELDS)[number];
type Indexed = { row: GridRow; index: number };

/**
 * The grid's editable rows for a list of property combinations: what was typed is kept per row
 * key (so a row survives the list changing around it), new rows come from `fresh`; editing a
 * field clears that field's errors, "apply to all" clears them all. `keyOf` and `fresh` must be
 * stable (useCallback) so the rows are not rebuilt on every render.
 */
function useGridRows(
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

type VariantGridState = ReturnType<typeof useVariantGrid>;

/**
 * The grid of a new product or of a product's new combinations: its rows (useGridRows), the
 * inventories of the opening stock and the checks of what was typed.
 */
export function useVariantGrid(...args: Parameters<typeof useGridRows>) {
  const checks = useVariantChecks();
  const inventories = useBranchInventories();
  const grid = useGridRows(...args);
  const { rows } = grid;
  /** The rows as the API's variants; each row's messages go under `${row.key}.${field}`. */
  const check = () => {
    const errors: Record<string, string> = {};
    const variants = rows.map((row) => {
      const ids = inventories.map((i) => i.id);
      const { input, errors: rowErrors } = checks.fromTexts(row, row.properties, ids);
      for (const [field, message] of Object.entries(rowErrors))
        errors[`${row.key}.${field}`] = message;
      return input;
    });
    return { variants, errors };
  };
  /**
   * The body's DTO check: messages on nested variants (variants.2.barcodes) join `errors` on
   * their row (unless it has one already), which the grid then shows; the others are returned.
   */
  const checkBody = async (dto: Parameters<typeof dtoErrors>[0], body: object, errors: Errors) => {
    const found = await dtoErrors(dto, body, checks.lang, checks.fieldLabel);
    const others: Errors = {};
    for (const [path, message] of Object.entries(found)) {
      if (!message) continue;
      const m = /^variants\.(\d+)\.(\w+)/.exec(path);
      const row = m ? rows[Number(m[1])] : undefined;
      if (row && m) errors[`${row.key}.${m[2]}`] ??= message;
      else others[path] = message;
    }
    grid.setErrors(errors);
    return others;
  };
  return { ...grid, ...checks, inventories, check, checkBody };
}

/** Opening stock goes to the inventories of the user's branch (all, for a user without one). */
function useBranchInventories() {
  const user = useAtomValue(sessionUserState);
  const inventoryOptions = useInventoryOptions();
  const branchId = user?.branchId ?? null;
  return useMemo(
    () => (inventoryOptions.data ?? []).filter((inv) => !branchId || inv.branchId === branchId),
    [inventoryOptions.data, branchId],
  );
}

/** The generated variants, editable in one table (SKU, barcodes, prices, threshold, opening stock). */
export function VariantGrid({ grid }: { grid: VariantGridState }) {
  const { t, rows, errors, showCost, inventories, patchRow: onChange } = grid;
  // Inventories of several branches share names ("المخزن الرئيسي"): add the branch then.
  const severalBranches = new Set(inventories.map((i) => i.branchId)).size > 1;
  const inventoryLabel = (inventory: InventoryOption) =>
    severalBranches ? `${inventory.name} (${inventory.branchName})` : inventory.name;
  const [bulk, setBulk] = useState<Record<(typeof BULK_FIELDS)[number], string>>({
    sellPrice: '',
    minSellPrice: '',
    avgCost: '',
    lowStockThreshold: '',
  });

  const input =
    (field: TextKey) =>
    ({ row, index }: Indexed): ReactNode => (
      <LtrInput
        value={row[field]}
        onChange={(text) => onChange(row.key, { [field]: text })}
        error={errors[`${row.key}.${field}`]}
        placeholder={field === 'sku' ? t('hints.skuAuto') : undefined}
        sx={cellInput}
        ariaLabel={t(`fields.${field}`)}
        testId={`grid-${field}-${index}`}
        decimal={field !== 'sku'}
      />
    );
  const textColumn = (field: TextKey, hidden = false): Column<Indexed> => ({
    key: field,
    header: t(`fields.${field}`),
    hidden,
    render: input(field),
  });

  const columns: Column<Indexed>[] = [
    { key: 'index', header: '#', headerSx: { inlineSize: 40 }, render: ({ index }) => index + 1 },
    {
      key: 'properties',
      header: t('fields.properties'),
      sx: { fontWeight: 600, whiteSpace: 'nowrap' },
      render: ({ row }) => (
        <span data-testid="grid-properties">
          {propertiesText(row.properties) || t('grid.single')}
        </span>
      ),
    },
    textColumn('sku'),
    {
      key: 'barcodes',
      header: t('fields.barcodes'),
      headerSx: { minInlineSize: 200 },
      render: ({ row, index }) => (
        <ChipsInput
          value={row.barcodes}
          onChange={(barcodes) => onChange(row.key, { barcodes })}
          placeholder={t('hints.barcodes')}
          error={errors[`${row.key}.barcodes`]}
          testId={`grid-barcodes-${index}`}
          ltr
        />
      ),
    },
    textColumn('sellPrice'),
    textColumn('minSellPrice'),
    textColumn('avgCost', !showCost),
    textColumn('lowStockThreshold'),
    ...inventories.map((inventory): Column<Indexed> => ({
      key: inventory.id,
      header: t('grid.opening', { name: inventoryLabel(inventory) }),
      render: ({ row, index }) => (
        <LtrInput
          value={row.opening[inventory.id] ?? ''}
          onChange={(text) =>
            onChange(row.key, { opening: { ...row.opening, [inventory.id]: text } })
          }
          error={errors[`${row.key}.opening.${inventory.id}`]}
          sx={{ minInlineSize: 80 }}
          decimal
          ariaLabel={t('grid.opening', { name: inventoryLabel(inventory) })}
          testId={`grid-opening-${index}-${inventory.id}`}
        />
      ),
    })),
  ];

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
        {BULK_FIELDS.filter((field) => showCost || field !== 'avgCost').map((field) => (
          <LtrInput
            key={field}
            label={t(`fields.${field}`)}
            value={bulk[field]}
            onChange={(text) => setBulk((prev) => ({ ...prev, [field]: text }))}
            sx={{ inlineSize: 160 }}
            decimal
            testId={`bulk-${field}`}
          />
        ))}
        <Button
          size="small"
          variant="outlined"
          data-testid="bulk-apply"
          onClick={() =>
            grid.applyAll(
              Object.fromEntries(Object.entries(bulk).filter(([, v]) => v.trim() !== '')),
            )
          }
        >
          {t('grid.applyAll')}
        </Button>
      </Stack>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="variant-grid">
        <DataTable
          columns={columns}
          rows={rows.map((row, index) => ({ row, index }))}
          rowKey={({ row }) => row.key}
          rowTestId="grid-row"
          hover={false}
          ariaLabel={t('grid.title')}
          emptyText={t('grid.empty')}
        />
      </Box>
    </Box>
  );
}
