import type { CompanyInvoiceRequest, OrderInvoice } from '@guichet/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export const invoiceKeys = {
  order: (orderId: string) => ['orders', orderId, 'invoices'] as const,
};

/** An order's invoices and credit notes (its buyer, its organiser, an administrator). */
export function useOrderInvoices(orderId: string | null) {
  return useQuery({
    queryKey: invoiceKeys.order(orderId ?? ''),
    queryFn: () => api<OrderInvoice[]>('GET', `/orders/${encodeURIComponent(orderId ?? '')}/invoices`),
    enabled: orderId !== null,
  });
}

/**
 * The buyer asks for the order's invoices in a company's name: the answer is the order's documents
 * as they now are (the credit notes and the new invoices).
 */
export function useRequestCompanyInvoice(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyInvoiceRequest) =>
      api<OrderInvoice[]>('PUT', `/orders/${encodeURIComponent(orderId)}/company-invoice`, body),
    onSuccess: (invoices) => client.setQueryData(invoiceKeys.order(orderId), invoices),
  });
}
