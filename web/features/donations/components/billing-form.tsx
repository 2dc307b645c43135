import { useState } from 'react';
import { toast } from 'sonner';
import {
  billingProfileSchema,
  DONATION_MESSAGES,
  type BillingProfile,
} from '../../../../contract/donations';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { useContractForm } from '../../../components/ui/use-contract-form';
import { useBilling, useSaveBilling } from '../api';
import { refusedField } from './donation-states';
import { failureMessage } from '../../../lib/api-client';

const FIELDS: Array<{
  name: keyof BillingProfile;
  label: string;
  autoComplete: string;
  hint?: string;
  wide?: boolean;
}> = [
  {
    name: 'billingName',
    label: 'Billing name',
    autoComplete: 'name',
    hint: 'A person or organisation, as it should read on receipts.',
    wide: true,
  },
  { name: 'addressLine1', label: 'Address line 1', autoComplete: 'address-line1', wide: true },
  { name: 'addressLine2', label: 'Address line 2', autoComplete: 'address-line2', wide: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'postalCode', label: 'Postal code', autoComplete: 'postal-code' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
  {
    name: 'taxId',
    label: 'Tax ID',
    autoComplete: 'off',
    hint: 'VAT, GST or similar number, if your receipts need one.',
  },
];

/** Billing details for receipts: loads them, then the form. */
export function BillingDetails() {
  const billing = useBilling();
  let body;
  if (billing.data) body = <BillingForm saved={billing.data} />;
  else if (billing.isError)
    body = (
      <LoadErrorCard
        message={failureMessage(
          billing.error,
          'Your billing details could not be loaded just now.',
        )}
        onRetry={() => void billing.refetch()}
      />
    );
  else body = <LoadingState label="Loading billing details…" />;
  return (
    <section className={sectionCard} aria-labelledby="billing-heading">
      <div className="card-body gap-4">
        <h2 id="billing-heading" className="card-title text-2xl">
          Billing details
        </h2>
        <p className={mutedText}>
          Printed on your donation receipts. Receipts already issued keep the details they had.
        </p>
        {body}
      </div>
    </section>
  );
}

function BillingForm({ saved }: { saved: BillingProfile }) {
  const save = useSaveBilling();
  const [refusal, setRefusal] = useState<string>();
  const form = useContractForm<BillingProfile, BillingProfile>(billingProfileSchema, saved);
  const submit = form.handleSubmit(async (values) => {
    setRefusal(undefined);
    try {
      const answer = await save.mutateAsync(values);
      form.reset(answer.data);
      toast.success(answer.message ?? DONATION_MESSAGES.billingSaved);
    } catch (error) {
      const message = failureMessage(error, 'Your billing details could not be saved.');
      const field = refusedField(
        error,
        FIELDS.map((f) => f.name),
      );
      if (field) form.setError(field, { message }, { shouldFocus: true });
      else setRefusal(message);
      toast.error(message);
    }
  });
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ name, label, autoComplete, hint, wide }) => (
          <div key={name} className={wide ? 'sm:col-span-2' : ''}>
            <TextField
              label={label}
              {...form.field(name)}
              autoComplete={autoComplete}
              hint={hint}
            />
          </div>
        ))}
      </div>
      {refusal ? (
        <p className="alert alert-error" role="alert">
          {refusal}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" busy={form.formState.isSubmitting} busyLabel="Saving…">
          Save billing details
        </Button>
      </div>
    </form>
  );
}
