import type { PaymentMethodDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from './http';

// The store's payment methods as reference data: the POS, invoices, returns, customer payments
// and every printed document name them. Their back-office page (features/sales) edits them.

/** Under the sales keys: invalidating `['sales']` refreshes them too. */
export const paymentMethodKeys = {
  list: (activeOnly: boolean) => ['sales', 'payment-methods', activeOnly] as const,
};

export const fetchPaymentMethods = (activeOnly = true) =>
  http.get<PaymentMethodDto[]>('/PaymentMethods', activeOnly ? { active: true } : undefined);

export function usePaymentMethods(activeOnly = true, enabled = true) {
  return useQuery({
    queryKey: paymentMethodKeys.list(activeOnly),
    queryFn: () => fetchPaymentMethods(activeOnly),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * The UI-language name of a payment method that a document names by id (the server sends its
 * Arabic name): the English name in English when the method has one.
 */
export function useMethodLabel(): (m: { methodId: string; methodName: string }) => string {
  const { i18n } = useTranslation();
  const methods = usePaymentMethods(false);
  return useCallback(
    (m: { methodId: string; methodName: string }) => {
      const found = methods.data?.find((x) => x.id === m.methodId);
      return found ? methodName(found, i18n.language) : m.methodName;
    },
    [methods.data, i18n.language],
  );
}

/** Name of a payment method in the UI language. */
export function methodName(
  method: Pick<PaymentMethodDto, 'nameAr' | 'nameEn'>,
  language: string,
): string {
  return language.startsWith('en') && method.nameEn ? method.nameEn : method.nameAr;
}
