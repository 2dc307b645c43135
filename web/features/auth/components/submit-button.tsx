import type { ReactNode } from 'react';
import { BusyButton } from '../../../components/ui/busy-button';
import { primaryButton } from './auth-ui';

/** The form's main button: disabled, with a spinner and `busyLabel`, while the request runs. */
export function SubmitButton(props: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return <BusyButton {...props} className={primaryButton} />;
}
