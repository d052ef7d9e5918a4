import type { OrderInvoice } from '@guichet/shared';
import { useQuery } from '@tanstack/react-query';
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
