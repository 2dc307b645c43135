import { TREE_SIZES } from '../../../../contract/options';
import { CheckboxField, FieldMessages, useFieldIds } from '../../../components/ui/form-field';

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
  return (
    <fieldset
      className="flex flex-col gap-1.5"
      data-field="treeSize"
      aria-describedby={error ? ids.errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1.5 text-sm font-semibold">Tree Size</legend>
      {TREE_SIZES.map((size) => (
        <CheckboxField
          key={size.value}
          label={size.label}
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
