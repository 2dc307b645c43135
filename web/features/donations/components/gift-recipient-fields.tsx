import { GIFT_LIMITS, type GiftRequest } from '../../../../contract/gifts';
import { DateField } from '../../../components/ui/date-field';
import {
  CheckboxField,
  EmailField,
  TextAreaField,
  TextField,
} from '../../../components/ui/form-field';
import { useT } from '../../../i18n/use-t';
import { givingMessages } from '../messages';

/** The gift as the form holds it (empty strings while typing); the contract's schema checks it. */
export type GiftDraft = {
  recipientName: string;
  recipientEmail: string;
  message: string;
  sendOn: string;
};

export const EMPTY_GIFT: GiftDraft = {
  recipientName: '',
  recipientEmail: '',
  message: '',
  sendOn: '',
};

/** The request's `gift` from a draft: optional fields left out when empty. */
export function giftOfDraft(draft: GiftDraft | null | undefined): GiftRequest | undefined {
  if (!draft) return undefined;
  return {
    recipientName: draft.recipientName,
    ...(draft.recipientEmail.trim() ? { recipientEmail: draft.recipientEmail.trim() } : {}),
    ...(draft.message.trim() ? { message: draft.message } : {}),
    ...(draft.sendOn ? { sendOn: draft.sendOn } : {}),
  };
}

export type GiftFieldErrors = Partial<Record<keyof GiftDraft, string | undefined>>;

/**
 * "Give these trees to someone" (issue 19 §5), an optional section of the donate form: off, the
 * donation is the donor's own; on, the recipient's name, and optionally their email (without one
 * the donor gets the claim link to pass on), a message and the day the mail goes out.
 * Controlled: the form owns `value` (null: not a gift) and shows the schema's errors.
 */
export function GiftRecipientFields({
  value,
  onChange,
  errors = {},
  today,
}: {
  value: GiftDraft | null;
  onChange: (next: GiftDraft | null) => void;
  errors?: GiftFieldErrors | undefined;
  /** YYYY-MM-DD, the first day the mail may go (the server's rule: today to a year on). */
  today: string;
}) {
  const t = useT(givingMessages);
  const set = (key: keyof GiftDraft) => (event: { target: { value: string } }) =>
    onChange({ ...(value ?? EMPTY_GIFT), [key]: event.target.value });
  const lastDay = new Date(Date.parse(`${today}T00:00:00Z`) + GIFT_LIMITS.sendOnMaxDays * 864e5)
    .toISOString()
    .slice(0, 10);
  return (
    <fieldset className="flex flex-col gap-4 rounded-box border border-base-300 p-4">
      <legend className="px-1 font-semibold">{t('gift.legend')}</legend>
      <CheckboxField
        label={t('gift.isGift')}
        hint={t('gift.isGiftHint')}
        checked={value !== null}
        onChange={(event) => onChange(event.target.checked ? { ...EMPTY_GIFT } : null)}
      />
      {value ? (
        <>
          <TextField
            label={t('gift.name')}
            autoComplete="off"
            maxLength={GIFT_LIMITS.nameMax}
            value={value.recipientName}
            onChange={set('recipientName')}
            error={errors.recipientName}
          />
          <EmailField
            label={t('gift.email')}
            autoComplete="off"
            hint={t('gift.emailHint')}
            value={value.recipientEmail}
            onChange={set('recipientEmail')}
            error={errors.recipientEmail}
          />
          <TextAreaField
            label={t('gift.message')}
            maxLength={GIFT_LIMITS.messageMax}
            rows={3}
            value={value.message}
            onChange={set('message')}
            error={errors.message}
          />
          <DateField
            label={t('gift.sendOn')}
            name="sendOn"
            min={today}
            max={lastDay}
            hint={t('gift.sendOnHint')}
            value={value.sendOn}
            onChange={(sendOn) => set('sendOn')({ target: { value: sendOn } })}
            error={errors.sendOn}
          />
        </>
      ) : null}
    </fieldset>
  );
}

/** The section's errors from a form's `errors.gift` (react-hook-form's nested field errors). */
export function giftFieldErrors(errors: unknown): GiftFieldErrors {
  const all = (errors ?? {}) as Partial<Record<keyof GiftDraft, { message?: string } | undefined>>;
  return {
    recipientName: all.recipientName?.message,
    recipientEmail: all.recipientEmail?.message,
    message: all.message?.message,
    sendOn: all.sendOn?.message,
  };
}
