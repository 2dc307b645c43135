import type { FieldPath, FieldValues } from 'react-hook-form';
import type { ContractForm } from '../../../components/ui/use-contract-form';

/**
 * A desk field's props: as `form.field(name)`, except that leaving it empty says nothing. After a
 * check-in the form empties for the next person, and the field it leaves (or the one the helper
 * moves on from to scan a pass) should not then call an empty field an error; sending does.
 */
export function quietField<T extends FieldValues, O>(form: ContractForm<T, O>, name: FieldPath<T>) {
  const props = form.field(name);
  return {
    ...props,
    onBlur: async (event: { target: { value: string }; type?: string }) => {
      if (event.target.value.trim() === '') return;
      await props.onBlur(event);
    },
  };
}
