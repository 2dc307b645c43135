import { useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
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
  const [busy, setBusy] = useState(false);
  return (
    <Group title="Buttons">
      {VARIANTS.map((variant) => (
        <div key={variant} className="flex flex-wrap items-center gap-2">
          {SIZES.map((size) => (
            <Button key={size} variant={variant} size={size}>
              {variant} {size}
            </Button>
          ))}
          <Button variant={variant} disabled>
            {variant} disabled
          </Button>
        </div>
      ))}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          busy={busy}
          busyLabel="Saving…"
          onClick={() => {
            setBusy(true);
            window.setTimeout(() => setBusy(false), 1500);
          }}
        >
          Press to see busy
        </Button>
        <Button variant="ghost" icon aria-label={`Close (icon button, ${themeName})`}>
          ×
        </Button>
        <ButtonLink to="/app/features" variant="secondary">
          ButtonLink to Features
        </ButtonLink>
        <a className={textLink} href="#ui-kit-top">
          Text link
        </a>
      </div>
    </Group>
  );
}

function Fields() {
  const [checked, setChecked] = useState(true);
  const [day, setDay] = useState('2026-03-14');
  // The panel shows twice (light and dark): each its own radio group.
  const sizeName = `kit-size${useId()}`;
  return (
    <Group title="Form fields">
      <form noValidate className="grid gap-3 md:grid-cols-2" onSubmit={(e) => e.preventDefault()}>
        <TextField
          label="Drive name"
          hint="A hint under the field."
          defaultValue="Riverside planting"
        />
        <TextField label="Tree quantity" error="Tree Quantity is required." defaultValue="" />
        <EmailField label="Email" defaultValue="rowan@example.org" />
        <PasswordField label="Password" defaultValue="leafy-Canopy-2026" autoComplete="off" />
        <SelectField
          label="Country"
          placeholder="Select a country"
          options={[
            { value: 'IN', label: 'India' },
            { value: 'KE', label: 'Kenya' },
          ]}
          defaultValue=""
        />
        <TextAreaField
          label="Description"
          maxLength={500}
          rows={2}
          error="Description is too long."
          defaultValue=""
        />
        <CheckboxField
          label="Remember me"
          checked={checked}
          onChange={(e) => setChecked(e.target.checked)}
        />
        <DateField
          label="Planting date"
          name="kit-day"
          value={day}
          onChange={setDay}
          hint="In the browser's locale."
        />
        <ChoiceTiles
          legend="Size at planting"
          name={sizeName}
          columns={2}
          options={[
            { value: 'packet', label: 'Packet', detail: '2 ft – 4 ft' },
            { value: 'potted', label: 'Potted', detail: '5 ft – 7 ft' },
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
  const headingId = useId();
  return (
    <Group title="Status cards">
      <LoadingState label="Loading the example…" />
      <LoadErrorCard
        message="The example could not be loaded just now."
        onRetry={() => toast.info('Try again was pressed.')}
      />
      <EmptyState action={<ButtonLink to="/app/delive-event">Plantations</ButtonLink>}>
        Nothing here yet: an empty list says what to do next.
      </EmptyState>
      <NotFoundCard
        headingId={headingId}
        title="Drive not found"
        to="/app/delive-event"
        linkLabel="Back to Plantations"
      >
        It may have been cancelled.
      </NotFoundCard>
    </Group>
  );
}

function Bits() {
  return (
    <Group title="Avatars, spinners, badges and alerts">
      <div className="flex flex-wrap items-center gap-3">
        <Avatar src="" name="Rowan Oak" size={48} />
        <Avatar src="" name="Small avatar" size={32} />
        <Spinner size="xs" />
        <Spinner size="sm" />
        <Spinner size="lg" className="text-primary" />
        <span className="sr-only">
          Spinners are decorative; the text beside them says what loads.
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        <span className="badge badge-success">paid</span>
        <span className="badge badge-warning">pending</span>
        <span className="badge badge-error">failed</span>
        <span className="badge badge-info">refunded</span>
        <span className="badge badge-neutral">cancelled</span>
        <span className="badge badge-outline badge-sm">Version v1.0</span>
      </div>
      <p className="alert alert-warning">A warning the member should read.</p>
      <p className="alert alert-error">Something went wrong; here is what to do next.</p>
      <p className={mutedText}>Muted text for hints and secondary lines.</p>
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
