import { useId, useState, type ReactNode } from 'react';
import { toast } from '../../components/ui/toast';
import { Avatar } from '../../components/ui/avatar';
import {
  Button,
  ButtonLink,
  type ButtonSize,
  type ButtonVariant,
} from '../../components/ui/button';
import { ChoiceTiles } from '../../components/ui/choice-tiles';
import { DateField } from '../../components/ui/date-field';
import {
  CheckboxField,
  EmailField,
  FormErrorSummary,
  PasswordField,
  SelectField,
  TextAreaField,
  TextField,
} from '../../components/ui/form-field';
import { mutedText, textLink } from '../../components/ui/looks';
import { Spinner } from '../../components/ui/spinner';
import {
  EmptyState,
  LoadErrorCard,
  LoadingState,
  NotFoundCard,
} from '../../components/ui/status-cards';
import { useT } from '../../i18n/use-t';
import { uiKitMessages } from './messages';

const VARIANTS: ButtonVariant[] = ['primary', 'secondary', 'ghost', 'danger'];
const SIZES: ButtonSize[] = ['sm', 'md', 'lg'];

function Group({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h3 id={id} className="text-base font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Buttons({ themeName }: { themeName: string }) {
  const t = useT(uiKitMessages);
  const [busy, setBusy] = useState(false);
  return (
    <Group title={t('buttons.title')}>
      {VARIANTS.map((variant) => (
        <div key={variant} className="flex flex-wrap items-center gap-2">
          {SIZES.map((size) => (
            <Button key={size} variant={variant} size={size}>
              {variant} {size}
            </Button>
          ))}
          <Button variant={variant} disabled>
            {t('buttons.disabled', { variant })}
          </Button>
        </div>
      ))}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          busy={busy}
          busyLabel={t('buttons.saving')}
          onClick={() => {
            setBusy(true);
            window.setTimeout(() => setBusy(false), 1500);
          }}
        >
          {t('buttons.pressForBusy')}
        </Button>
        <Button variant="ghost" icon aria-label={t('buttons.close', { theme: themeName })}>
          ×
        </Button>
        <ButtonLink to="/app/features" variant="secondary">
          {t('buttons.buttonLink')}
        </ButtonLink>
        <a className={textLink} href="#ui-kit-top">
          {t('buttons.textLink')}
        </a>
      </div>
    </Group>
  );
}

function Fields() {
  const t = useT(uiKitMessages);
  const [checked, setChecked] = useState(true);
  const [day, setDay] = useState('2026-03-14');
  // The panel shows twice (light and dark): each its own radio group.
  const sizeName = `kit-size${useId()}`;
  return (
    <Group title={t('fields.title')}>
      <form noValidate className="grid gap-3 md:grid-cols-2" onSubmit={(e) => e.preventDefault()}>
        <TextField
          label={t('fields.driveName')}
          hint={t('fields.driveNameHint')}
          defaultValue={t('fields.driveNameValue')}
        />
        <TextField
          label={t('fields.quantity')}
          error={t('fields.quantityRequired')}
          defaultValue=""
        />
        <EmailField label={t('fields.email')} defaultValue="rowan@example.org" />
        <PasswordField
          label={t('fields.password')}
          defaultValue="leafy-Canopy-2026"
          autoComplete="off"
        />
        <SelectField
          label={t('fields.country')}
          placeholder={t('fields.countryPlaceholder')}
          options={[
            { value: 'IN', label: t('fields.india') },
            { value: 'KE', label: t('fields.kenya') },
          ]}
          defaultValue=""
        />
        <TextAreaField
          label={t('fields.description')}
          maxLength={500}
          rows={2}
          error={t('fields.descriptionTooLong')}
          defaultValue=""
        />
        <CheckboxField
          label={t('fields.rememberMe')}
          checked={checked}
          onChange={(e) => setChecked(e.target.checked)}
        />
        <DateField
          label={t('fields.plantingDate')}
          name="kit-day"
          value={day}
          onChange={setDay}
          hint={t('fields.plantingDateHint')}
        />
        <ChoiceTiles
          legend={t('fields.size')}
          name={sizeName}
          columns={2}
          options={[
            { value: 'packet', label: t('fields.packet'), detail: t('fields.packetDetail') },
            { value: 'potted', label: t('fields.potted'), detail: t('fields.pottedDetail') },
          ]}
        />
        <div className="md:col-span-2">
          <FormErrorSummary count={2} />
        </div>
      </form>
    </Group>
  );
}

function Status() {
  const t = useT(uiKitMessages);
  const headingId = useId();
  return (
    <Group title={t('status.title')}>
      <LoadingState label={t('status.loading')} />
      <LoadErrorCard
        message={t('status.loadError')}
        onRetry={() => toast.info(t('status.retried'))}
      />
      <EmptyState
        action={<ButtonLink to="/app/delive-event">{t('status.plantations')}</ButtonLink>}
      >
        {t('status.empty')}
      </EmptyState>
      <NotFoundCard
        headingId={headingId}
        title={t('status.notFound')}
        to="/app/delive-event"
        linkLabel={t('status.back')}
      >
        {t('status.notFoundText')}
      </NotFoundCard>
    </Group>
  );
}

function Bits() {
  const t = useT(uiKitMessages);
  return (
    <Group title={t('bits.title')}>
      <div className="flex flex-wrap items-center gap-3">
        <Avatar src="" name="Rowan Oak" size={48} />
        <Avatar src="" name={t('bits.smallAvatar')} size={32} />
        <Spinner size="xs" />
        <Spinner size="sm" />
        <Spinner size="lg" className="text-primary" />
        <span className="sr-only">{t('bits.spinners')}</span>
      </div>
      <div className="flex flex-wrap gap-2">
        <span className="badge badge-success">{t('bits.paid')}</span>
        <span className="badge badge-warning">{t('bits.pending')}</span>
        <span className="badge badge-error">{t('bits.failed')}</span>
        <span className="badge badge-info">{t('bits.refunded')}</span>
        <span className="badge badge-neutral">{t('bits.cancelled')}</span>
        <span className="badge badge-outline badge-sm">
          {t('bits.version', { version: 'v1.0' })}
        </span>
      </div>
      <p className="alert alert-warning">{t('bits.warning')}</p>
      <p className="alert alert-error">{t('bits.error')}</p>
      <p className={mutedText}>{t('bits.muted')}</p>
    </Group>
  );
}

/** Every shared component in its states, in one daisyUI theme. */
export function KitPanel({ theme, title }: { theme: 'canopy' | 'canopy-dark'; title: string }) {
  const id = useId();
  return (
    <section
      data-theme={theme}
      aria-labelledby={id}
      data-testid={`kit-${theme}`}
      className="flex min-w-0 flex-col gap-6 rounded-box border border-base-300 bg-base-100 p-4 text-base-content"
    >
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <Buttons themeName={title} />
      <Fields />
      <Status />
      <Bits />
    </section>
  );
}
