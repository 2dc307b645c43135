import type { ReactNode } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { toast } from '../../../components/ui/toast';
import { Button } from '../../../components/ui/button';
import { failureMessage, fieldOfFailure } from './profile-errors';

/**
 * A settings form's refused save: told in a toast and, when the server's message is about one of
 * `fields`, beside that field too (which gets focus).
 */
export function showRefusal<TValues extends FieldValues, TOutput>(
  form: UseFormReturn<TValues, unknown, TOutput>,
  fields: readonly FieldPath<TValues>[],
  error: unknown,
) {
  const message = failureMessage(error);
  const field = fieldOfFailure(error, fields);
  if (field) form.setError(field, { message }, { shouldFocus: true });
  toast.error(message);
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
      <Button type="submit" busy={busy} busyLabel={busyLabel}>
        {children}
      </Button>
    </div>
  );
}
