import type { FormEvent, ReactNode } from 'react';
import { toast } from 'sonner';
import { BusyButton } from '../../../components/ui/busy-button';
import type { FormValues } from '../../../components/ui/form-state';
import { primaryButton } from '../../../components/ui/looks';
import { failureMessage, fieldOfFailure } from './profile-errors';
import { focusField, type SchemaForm } from './use-schema-form';

/**
 * A settings form's submit: nothing while `busy`; every field checked (focus on the first wrong
 * one); then `send`, whose refusal is told in a toast and, when it is about one of `fields`,
 * beside that field too (which gets focus).
 */
export function submitProfileForm<V extends FormValues>(
  form: SchemaForm<V>,
  {
    busy,
    fields,
    send,
  }: {
    busy: boolean;
    fields: readonly (keyof V & string)[];
    send: (onError: (error: unknown) => void) => void;
  },
) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const formElement = event.currentTarget;
    const invalid = form.validate();
    if (invalid) {
      focusField(formElement, String(invalid));
      return;
    }
    send((error) => {
      const message = failureMessage(error);
      const field = fieldOfFailure(error, fields);
      if (field) {
        form.setError(field, message);
        focusField(formElement, field);
      }
      toast.error(message);
    });
  };
}

/** The green button a settings form ends with. */
export function SaveButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <div>
      <BusyButton busy={busy} busyLabel={busyLabel} className={primaryButton}>
        {children}
      </BusyButton>
    </div>
  );
}
