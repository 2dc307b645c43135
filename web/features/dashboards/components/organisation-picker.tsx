import { SelectField } from '../../../components/ui/form-field';
import { useT } from '../../../i18n/use-t';
import { dashboardsMessages } from '../messages';

export interface OrganisationChoice {
  id: string;
  label: string;
}

/**
 * Which organisation's dashboard to show, for someone who may see more than one (their own
 * corporate account and the teams they are in); nothing when there is only one.
 */
export function OrganisationPicker({
  organisations,
  value,
  onChange,
}: {
  organisations: readonly OrganisationChoice[];
  value: string;
  onChange: (id: string) => void;
}) {
  const t = useT(dashboardsMessages);
  if (organisations.length < 2) return null;
  return (
    <div className="w-full max-w-sm" data-testid="organisation-picker">
      <SelectField
        label={t('org.picker')}
        hint={t('org.pickerHint')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        options={organisations.map((o) => ({ value: o.id, label: o.label }))}
      />
    </div>
  );
}
