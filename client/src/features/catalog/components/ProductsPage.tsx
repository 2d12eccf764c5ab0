import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import QrCode2 from '@mui/icons-material/QrCode2';
import Box from '@mui/material/Box';
import { routePath, type ProductResponseDto } from '@pos/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { Column } from '../../../shared/ui/DataTable';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import { AddButton } from '../../../shared/ui/PageHeader';
import { useEditDialog } from '../../../shared/ui/useEditDialog';
import { ActiveChip } from '../../../shared/resource';
import { RowLink } from '../../../shared/ui/RowLink';
import { ListPage, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import { ExportButton } from '../../../shared/ui/listColumns';
import { catalogApi, catalogKeys, downloadFile } from '../api/catalog.api';
import { useCan } from '../../../shared/state/useCan';
import { CategoryFilter } from './CategoryFilter';
import { ImportDialog } from './ImportDialog';
import { ToolButton } from './ProductKit';
import { LabelsDialog } from './LabelsDialog';
import { nameLang } from '../../../shared/lib/lang';
import { Caption } from './Caption';

export default function ProductsPage() {
  const { t } = useTranslation('catalog');
  const can = useCan();
  const canManage = can('can_manage_products');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();

  const {
    paging,
    values,
    params: filters,
    set,
    bind,
    search,
  } = useListState({
    q: params.get('q') ?? '',
    categoryId: params.get('categoryId') ?? '',
    active: '' as '' | 'active' | 'inactive',
  });
  // Dialogs are mounted afresh at each opening (their state starts from scratch).
  const importing = useEditDialog<never>();
  const labels = useEditDialog<never>();

  // Keep the search in the address so back/forward and shared links keep it.
  const { q, categoryId, active } = filters;
  useEffect(() => {
    setParams(new URLSearchParams({ ...(q && { q }), ...(categoryId && { categoryId }) }), {
      replace: true,
    });
  }, [q, categoryId, setParams]);

  const list = usePagedList({
    paging,
    params: { q, categoryId, active: active ? active === 'active' : undefined },
    queryKey: catalogKeys.productList,
    fetch: catalogApi.products,
  });

  const columns: Column<ProductResponseDto>[] = [
    {
      key: 'image',
      header: null,
      headerSx: { inlineSize: 48 },
      sx: { py: 0.5 },
      render: (product) =>
        product.image ? (
          <Box
            component="img"
            src={product.image}
            alt=""
            sx={{
              inlineSize: 32,
              blockSize: 32,
              objectFit: 'cover',
              borderRadius: 0.5,
              display: 'block',
            }}
          />
        ) : (
          <ImageOutlined sx={{ color: 'text.disabled', display: 'block' }} />
        ),
    },
    {
      key: 'name',
      header: t('fields.name'),
      render: (product) => (
        <>
          <RowLink to={routePath('Products-id', { id: product.id })}>
            <span lang={nameLang(product.nameAr)}>{product.nameAr}</span>
          </RowLink>
          {product.nameEn && (
            <Caption ltr lang={nameLang(product.nameEn)}>
              {product.nameEn}
            </Caption>
          )}
        </>
      ),
    },
    {
      key: 'category',
      header: t('fields.category'),
      render: (product) => product.categoryName ?? '',
    },
    { key: 'unit', header: t('fields.unit'), render: (product) => t(`units.${product.unit}`) },
    {
      key: 'vat',
      header: t('fields.vatRate'),
      align: 'center',
      render: (product) => `${product.vatRate}%`,
    },
    {
      key: 'variants',
      header: t('products.variants'),
      align: 'center',
      render: (product) => product.variantCount,
    },
    {
      key: 'active',
      header: t('fields.active'),
      render: (product) => (
        <ActiveChip active={product.active} labels={[t('state.active'), t('state.inactive')]} />
      ),
    },
  ];

  return (
    <ListPage
      title={t('products.title')}
      actions={
        <>
          <ToolButton icon={<QrCode2 />} onClick={labels.openCreate} testId="products-labels">
            {t('labels.open')}
          </ToolButton>
          <ExportButton
            onExport={() => downloadFile('/Products/export', 'products.xlsx')}
            testId="products-export"
            size="small"
          >
            {t('products.export')}
          </ExportButton>
          {canManage && (
            <>
              <ToolButton
                icon={<FileUploadOutlined />}
                onClick={importing.openCreate}
                testId="products-import"
              >
                {t('products.import')}
              </ToolButton>
              <AddButton
                onClick={() => navigate(routePath('Products-id', { id: 'new' }))}
                testId="product-add"
              >
                {t('products.add')}
              </AddButton>
            </>
          )}
        </>
      }
      query={list}
      paging={paging}
      pageSizeOptions={[10, 25, 50, 100]}
      columns={columns}
      rowKey={(product) => product.id}
      rowTestId="product-row"
      rowProps={(product) => ({ style: { opacity: product.active ? 1 : 0.6 } })}
      onRowClick={(product) => navigate(routePath('Products-id', { id: product.id }))}
      ariaLabel={t('products.title')}
      emptyText={t('products.empty')}
      emptyTestId="products-empty"
      search={search(t('products.search'), 'products-search')}
      filters={
        <>
          <CategoryFilter
            label={t('fields.category')}
            allLabel={t('products.allCategories')}
            value={values.categoryId}
            onChange={set('categoryId')}
          />
          <SelectFilter
            label={t('fields.active')}
            {...bind('active')}
            displayEmpty
            allLabel={t('products.allStates')}
            options={[
              { value: 'active', label: t('products.activeOnly') },
              { value: 'inactive', label: t('products.inactiveOnly') },
            ]}
            minWidth={130}
          />
        </>
      }
    >
      <ImportDialog
        key={`import-${importing.key}`}
        open={importing.open}
        onClose={importing.close}
      />
      <LabelsDialog key={`labels-${labels.key}`} open={labels.open} onClose={labels.close} />
    </ListPage>
  );
}
