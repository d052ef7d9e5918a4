import { type CompanyInvoiceRequest, firstCompanyInvoiceError, invoicesFr } from '@guichet/shared';
import { Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../api/client';
import { useRequestCompanyInvoice } from '../../api/invoices';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { showRuleError, showServerFieldError } from '../../ui/form-errors';
import { mutationDialog } from '../../ui/mutation-dialog';
import { toast } from '../../ui/toast';
import { type CompanyField, CompanyFields } from './CompanyFields';

const m = invoicesFr.company;
const empty: Required<CompanyInvoiceRequest> = { name: '', address: '', siren: '', vatNumber: '' };

/**
 * The order's invoices in a company's name, asked after checkout: the same fields as the checkout's,
 * checked by the shared rules, then by the server, whose refusal of a field is said under it.
 * Mounted while open, so that each opening starts empty.
 */
export function CompanyInvoiceDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const mutation = useRequestCompanyInvoice(orderId);
  const { props } = mutationDialog(mutation, onClose);
  const form = useForm<Required<CompanyInvoiceRequest>>({ defaultValues: empty });
  const { errors } = form.formState;
  const field = (name: CompanyField) => ({ ...form.register(name), error: errors[name]?.message });
  const submit = form.handleSubmit((values) => {
    if (showRuleError(form, firstCompanyInvoiceError(values))) return;
    mutation.mutate(values, {
      onSuccess: () => {
        toast(m.done);
        props.onClose();
      },
      onError: (failure) => showServerFieldError(form, failure, empty),
    });
  });
  const { error } = mutation;
  const onField = error instanceof ApiError && error.field !== undefined && error.field in empty;
  return (
    <ConfirmDialog
      title={m.action}
      confirmLabel={m.submit}
      size="lg"
      {...props}
      // A field's refusal is said under the field; any other above the buttons.
      error={onField ? null : props.error}
      onConfirm={() => void submit()}
    >
      <Text size="sm">{m.dialogIntro}</Text>
      <CompanyFields field={field} />
    </ConfirmDialog>
  );
}
