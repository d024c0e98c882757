/** How a payment status reads and looks. Statuses are the processor's; unknown ones show as-is. */
export interface StatusLook {
  label: string;
  color: string;
}

const LOOKS: Record<string, StatusLook> = {
  succeeded: { label: 'Paid', color: 'green' },
  succeeded_free: { label: 'Free', color: 'green' },
  trial_created: { label: 'Trial', color: 'teal' },
  processing: { label: 'Processing', color: 'blue' },
  requires_capture: { label: 'Awaiting capture', color: 'blue' },
  requires_payment_method: { label: 'Needs payment method', color: 'yellow' },
  requires_confirmation: { label: 'Needs confirmation', color: 'yellow' },
  requires_action: { label: 'Needs action', color: 'orange' },
  canceled: { label: 'Canceled', color: 'red' },
};

export function paymentStatusLook(status: string | undefined): StatusLook {
  if (!status) return { label: 'No status', color: 'gray' };
  return LOOKS[status] ?? { label: status.replaceAll('_', ' '), color: 'gray' };
}
