import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
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
import { useDonationWords } from '../words';

// Each field's label is `billing.<name>`, its hint `billing.<name>Hint`.
const FIELDS: Array<{
  name: keyof BillingProfile;
  autoComplete: string;
  hint?: 'billing.billingNameHint' | 'billing.taxIdHint';
  wide?: boolean;
}> = [
  { name: 'billingName', autoComplete: 'name', hint: 'billing.billingNameHint', wide: true },
  { name: 'addressLine1', autoComplete: 'address-line1', wide: true },
  { name: 'addressLine2', autoComplete: 'address-line2', wide: true },
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'postalCode', autoComplete: 'postal-code' },
  { name: 'country', autoComplete: 'country-name' },
  { name: 'taxId', autoComplete: 'off', hint: 'billing.taxIdHint' },
];

/** Billing details for receipts: loads them, then the form. */
export function BillingDetails() {
  const billing = useBilling();
  const { t } = useDonationWords();
  let body;
  if (billing.data) body = <BillingForm saved={billing.data} />;
  else if (billing.isError)
    body = (
      <LoadErrorCard
        message={failureMessage(billing.error, t('billing.loadFailed'))}
        onRetry={() => void billing.refetch()}
      />
    );
  else body = <LoadingState label={t('billing.loading')} />;
  return (
    <section className={sectionCard} aria-labelledby="billing-heading">
      <div className="card-body gap-4">
        <h2 id="billing-heading" className="card-title text-2xl">
          {t('billing.title')}
        </h2>
        <p className={mutedText}>{t('billing.intro')}</p>
        {body}
      </div>
    </section>
  );
}

function BillingForm({ saved }: { saved: BillingProfile }) {
  const save = useSaveBilling();
  const { t } = useDonationWords();
  const [refusal, setRefusal] = useState<string>();
  const form = useContractForm<BillingProfile, BillingProfile>(billingProfileSchema, saved);
  const submit = form.handleSubmit(async (values) => {
    setRefusal(undefined);
    try {
      const answer = await save.mutateAsync(values);
      form.reset(answer.data);
      toast.success(answer.message ?? DONATION_MESSAGES.billingSaved);
    } catch (error) {
      const message = failureMessage(error, t('billing.saveFailed'));
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
        {FIELDS.map(({ name, autoComplete, hint, wide }) => (
          <div key={name} className={wide ? 'sm:col-span-2' : ''}>
            <TextField
              label={t(`billing.${name}`)}
              {...form.field(name)}
              autoComplete={autoComplete}
              hint={hint && t(hint)}
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
        <Button type="submit" busy={form.formState.isSubmitting} busyLabel={t('saving')}>
          {t('billing.save')}
        </Button>
      </div>
    </form>
  );
}
