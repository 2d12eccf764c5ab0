import Box from '@mui/material/Box';
import { formatPiasters, type VariantResponseDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { propertiesText } from '../lib/variants';
import { BarcodeImage } from './BarcodeImage';
import { nameLang } from '../../../shared/lib/lang';

export type LabelItem = {
  variantId: string;
  productName: string;
  properties: Record<string, string>;
  sku: string;
  barcodes: string[];
  sellPrice: number;
  quantity: number;
};

/** One copy of a variant's label (its properties in the product's order, when given). */
export function labelItem(
  v: Pick<
    VariantResponseDto,
    'id' | 'productName' | 'properties' | 'sku' | 'barcodes' | 'sellPrice'
  >,
  properties = v.properties ?? {},
): LabelItem {
  const { id: variantId, productName, sku, barcodes = [], sellPrice } = v;
  return { variantId, productName, properties, sku, barcodes, sellPrice, quantity: 1 };
}

/** A4 sheet, 3 × 8 labels of 70 × 35 mm (the common 24-up label paper). */
export const LABEL_SIZE = { width: '70mm', height: '35mm', columns: 3 };

/** The barcode printed on a label: the first barcode, else the SKU. */
export function labelCode(item: Pick<LabelItem, 'barcodes' | 'sku'>): string {
  return item.barcodes[0] ?? item.sku;
}

/** The label sheet: one label per copy, in reading order (right to left in Arabic). */
export function LabelSheet({
  items,
  testId = 'label-sheet',
}: {
  items: LabelItem[];
  testId?: string;
}) {
  const { t } = useTranslation('catalog');
  const labels = items.flatMap((item) =>
    Array.from({ length: Math.max(0, item.quantity) }, (_, i) => ({ item, i })),
  );
  return (
    <Box
      data-testid={testId}
      sx={{
        display: 'grid',
        gridTemplateColumns: `repeat(${LABEL_SIZE.columns}, ${LABEL_SIZE.width})`,
        gridAutoRows: LABEL_SIZE.height,
        justifyContent: 'center',
        bgcolor: '#fff',
        color: '#000',
      }}
    >
      {labels.map(({ item, i }) => (
        <Box
          key={`${item.variantId}-${i}`}
          data-testid="label"
          sx={{
            boxSizing: 'border-box',
            inlineSize: LABEL_SIZE.width,
            blockSize: LABEL_SIZE.height,
            paddingBlock: '2mm',
            paddingInline: '3mm',
            outline: '1px dashed #ccc',
            outlineOffset: '-1px',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'space-between',
            overflow: 'hidden',
            breakInside: 'avoid',
            textAlign: 'center',
            '@media print': { outline: 'none' },
          }}
        >
          <Box
            data-testid="label-name"
            sx={{
              fontSize: '9pt',
              fontWeight: 700,
              lineHeight: 1.2,
              inlineSize: '100%',
              overflow: 'hidden',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
            }}
          >
            <span lang={nameLang(item.productName)}>{item.productName}</span>
            {Object.keys(item.properties).length > 0 && (
              <Box component="span" sx={{ fontWeight: 400 }}>
                {' — '}
                {propertiesText(item.properties)}
              </Box>
            )}
          </Box>
          <Box data-testid="label-price" sx={{ fontSize: '11pt', fontWeight: 800 }}>
            {t('money', { amount: formatPiasters(item.sellPrice) })}
          </Box>
          <Box sx={{ inlineSize: '100%' }}>
            <BarcodeImage code={labelCode(item)} height="14mm" testId="label-barcode" />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
