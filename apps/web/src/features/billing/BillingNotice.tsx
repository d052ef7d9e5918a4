import { billingFr, formatDate } from '@guichet/shared';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useBillingIdentity } from '../../api/billing';
import { BILLING_SECTION_ID } from './BillingIdentityForm';

const m = billingFr.gate;

/**
 * The console's reminder while the organiser's billing identity is missing: paid events cannot
 * open without it, and those already on sale have a deadline (docs/decisions.md, "Invoices and VAT").
 */
export function BillingNotice() {
  const state = useBillingIdentity();
  if (!state.data || state.data.identity) return null;
  const { dueAt } = state.data;
  return (
    <Alert color={dueAt ? 'orange' : 'blue'} role="status" title={m.noticeTitle} icon={<IconFileInvoice aria-hidden />}>
      <Text size="sm">{dueAt ? m.noticeDue(formatDate(dueAt)) : m.noticeText}</Text>
      <Anchor component={Link} to={`/parameters#${BILLING_SECTION_ID}`} size="sm" fw={600}>
        {m.noticeLink}
      </Anchor>
    </Alert>
  );
}
