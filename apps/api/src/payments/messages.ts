// The payment texts live in the shared catalog. Until `fr.payment` is merged into `fr` (and exported
// by @guichet/shared), this is the one place that reaches the section file directly.
export { paymentFr } from '../../../../packages/shared/src/messages/fr-payment';
