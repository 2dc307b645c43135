import { Button } from '../../../components/ui/button';
import type { Translate } from '../../../i18n/use-t';
import type { DrivesKey } from '../messages';

/** A small set of mutually exclusive buttons (aria-pressed), such as Upcoming / Past; the pressed one is solid green. */
export function ToggleGroup<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="join">
      {options.map((option) => (
        <Button
          key={option.value}
          variant={option.value === value ? 'primary' : 'secondary'}
          size="sm"
          className="join-item h-10"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </div>
  );
}

/** Upcoming / Past, in the reader's language. */
export const whenOptions = (t: Translate<DrivesKey>) =>
  [
    { value: 'upcoming', label: t('when.upcoming') },
    { value: 'past', label: t('when.past') },
  ] as const;
