import { toast } from '../../../components/ui/toast';
import {
  API_TOKEN_EXPIRY_CHOICES,
  apiTokenFormSchema,
  toCreateApiTokenRequest,
  type ApiTokenForm,
} from '../../../../contract/api-tokens';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { useModal } from '../../../components/ui/modal';
import { useContractForm } from '../../../components/ui/use-contract-form';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { useCreateApiToken } from '../api';
import { TokenSecret } from './token-secret';
import { useT } from '../../../i18n/use-t';
import { integrationsMessages } from '../messages';

/** Name and lifetime; on success the secret opens in a dialog, the only time it is shown. */
export function CreateTokenForm() {
  const modal = useModal();
  const create = useCreateApiToken();
  const t = useT(integrationsMessages);
  const expiryOptions = API_TOKEN_EXPIRY_CHOICES.map(({ value }) => ({
    value,
    label: t(`expiry.${value}`),
  }));
  const form = useContractForm<ApiTokenForm, ApiTokenForm>(apiTokenFormSchema, {
    name: '',
    expiry: 'never',
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await create.mutateAsync(toCreateApiTokenRequest(values));
      form.reset({ name: '', expiry: values.expiry });
      modal.open({
        title: t('create.title'),
        body: (close) => (
          <TokenSecret name={answer.data.token.name} secret={answer.data.secret} onDone={close} />
        ),
      });
    } catch (error) {
      const message = failureMessage(error, t('create.failed'));
      if (error instanceof ApiError && error.field === 'name')
        form.setError('name', { message }, { shouldFocus: true });
      toast.error(message);
    }
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-4 sm:flex-row sm:items-start"
      onSubmit={(event) => void submit(event)}
      aria-label={t('create.label')}
    >
      <div className="sm:flex-1">
        <TextField
          label={t('create.name')}
          hint={t('create.nameHint')}
          autoComplete="off"
          {...form.field('name')}
        />
      </div>
      <div className="sm:w-44">
        <SelectField
          label={t('create.expires')}
          options={expiryOptions}
          {...form.field('expiry')}
        />
      </div>
      <div className="sm:pt-7">
        <Button type="submit" busy={form.formState.isSubmitting} busyLabel={t('create.creating')}>
          {t('create.submit')}
        </Button>
      </div>
    </form>
  );
}
