import { TREE_SIZES } from '../../../../contract/options';
import { CheckboxField, FieldMessages, useFieldIds } from '../../../components/ui/form-field';
import { useContractMessage, useT } from '../../../i18n/use-t';
import { driveFormMessages } from '../messages';

/** Tree sizes as a group of checkboxes (two options: nothing to search). */
export function TreeSizeField({
  values,
  onChange,
  error,
}: {
  values: string[];
  onChange(values: string[]): void;
  error?: string | undefined;
}) {
  const ids = useFieldIds();
  const t = useT(driveFormMessages);
  const say = useContractMessage();
  return (
    <fieldset
      className="flex flex-col gap-1.5"
      data-field="treeSize"
      aria-describedby={error ? ids.errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1.5 text-sm font-semibold">{t('field.size')}</legend>
      {TREE_SIZES.map((size) => (
        <CheckboxField
          key={size.value}
          label={say(size.label)}
          name="treeSize"
          value={size.value}
          checked={values.includes(size.value)}
          onChange={(event) =>
            onChange(
              event.target.checked
                ? [...values, size.value]
                : values.filter((v) => v !== size.value),
            )
          }
        />
      ))}
      <FieldMessages ids={ids} error={error} />
    </fieldset>
  );
}
