import TextField from '@mui/material/TextField';
import { formatPiasters, routePath, VENDORS, type VendorDto } from '@pos/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { activeColumn, ResourcePage, type ResourceField } from '../../../shared/resource';
import type { CustomInputProps } from '../../../shared/resource/ResourceForm';
import { useCan } from '../../../shared/state/useCan';
import { RowLink } from '../../../shared/ui/RowLink';

const open = (vendor: VendorDto) => routePath('Vendors-id', { id: vendor.id });

/** Phones typed in one box, separated by commas (Latin or Arabic). */
function PhonesInput({ value, onChange, label, error, testId, autoFocus }: CustomInputProps) {
  const { t } = useTranslation('vendors');
  const [text, setText] = useState(() => ((value as string[] | undefined) ?? []).join('، '));
  return (
    <TextField
      size="small"
      fullWidth
      label={label}
      value={text}
      error={!!error}
      helperText={error ?? t('list.phonesHint')}
      autoFocus={autoFocus}
      slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': testId } }}
      onChange={(e) => {
        setText(e.target.value);
        onChange(
          e.target.value
            .split(/[,،]/)
            .map((p) => p.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}

/** /Vendors: the suppliers, searched by name, phone or tax number; what is owed with can_see_totals. */
export function VendorsPage() {
  const { t } = useTranslation('vendors');
  const can = useCan();
  const totals = can('can_see_totals');
  const navigate = useNavigate();
  const fields: ResourceField[] = [
    { name: 'name' },
    { name: 'phones', kind: 'custom', render: (p) => <PhonesInput {...p} /> },
    { name: 'address' },
    { name: 'taxNumber', ltr: true },
    { name: 'commercialRegister', ltr: true },
    { name: 'paymentTermsDays', kind: 'number' },
    ...(totals
      ? [{ name: 'openingBalance', kind: 'amount', help: t('list.openingHint') } as ResourceField]
      : []),
    { name: 'notes' },
    { name: 'active', kind: 'switch' },
  ];
  return (
    <ResourcePage<VendorDto>
      resource={VENDORS}
      i18n="vendors:list"
      testId="vendor"
      onRowClick={(v) => navigate(open(v))}
      invalidate={[['vendors']]}
      defaults={{ active: true, paymentTermsDays: 0, phones: [] }}
      columns={[
        { key: 'name', render: (v) => <RowLink to={open(v)}>{v.name}</RowLink> },
        {
          key: 'phones',
          ltr: true,
          render: (v) => v.phones.join(' · '),
        },
        { key: 'paymentTermsDays', align: 'center' },
        {
          key: 'balance',
          align: 'right',
          hidden: !totals,
          render: (v) => (v.balance !== undefined ? formatPiasters(v.balance) : ''),
        },
        activeColumn(),
      ]}
      fields={fields}
    />
  );
}

export default VendorsPage;
