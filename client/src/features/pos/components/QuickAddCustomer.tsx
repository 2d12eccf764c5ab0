import { CUSTOMERS, type CustomerDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { ResourceForm } from '../../../shared/resource/ResourceForm';

type Props = {
  /** What was typed in the customer picker: digits are a phone number, anything else a name. */
  typed: string;
  onClose: () => void;
  onCreated: (customer: CustomerDto) => void;
};

/**
 * The till's quick add of a customer (name, phone), checked by the contract's DTO class. Its own
 * chunk, loaded when it opens: the validation code stays out of the till's first screen.
 */
export default function QuickAddCustomer({ typed, onClose, onCreated }: Props) {
  const { t } = useTranslation('pos');
  const text = typed.trim();
  const phone = /^[0-9+\- ]+$/.test(text);
  return (
    <ResourceForm
      resource={CUSTOMERS}
      row={null}
      title={t('customer.quickAdd')}
      testId="quick-customer"
      submitTestId="quick-customer-save"
      savedText=""
      defaults={{ name: phone ? '' : text, phone: phone ? text : '' }}
      fields={[
        { name: 'name', label: t('customer.fields.name') },
        {
          name: 'phone',
          label: t('customer.fields.phone'),
          ltr: true,
          nullable: true,
          htmlInput: { inputMode: 'tel' },
        },
      ]}
      onClose={onClose}
      onSaved={(saved) => onCreated(saved as unknown as CustomerDto)}
    />
  );
}
