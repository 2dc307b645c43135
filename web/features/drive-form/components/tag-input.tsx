import { useRef, useState } from 'react';
import { DRIVE_LIMITS } from '../../../../contract/drives';
import { ariaOf, FieldShell, useFieldIds } from '../../../components/ui/form-field';
import { Button } from '../../../components/ui/button';
import { Chips } from './multi-select';
import { useT } from '../../../i18n/use-t';
import { driveFormMessages } from '../messages';

/** Free-text tags (Sponsored By): type a name, press Enter or Add; each chip can be removed. */
export function TagInput({
  label,
  name,
  values,
  onChange,
  error,
  chipsLabel,
}: {
  label: string;
  name: string;
  /** Names the list of chips, e.g. "Chosen sponsors". */
  chipsLabel?: string;
  values: string[];
  onChange(values: string[]): void;
  error?: string | undefined;
}) {
  const ids = useFieldIds();
  const t = useT(driveFormMessages);
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const full = values.length >= DRIVE_LIMITS.sponsorsMax;
  const hint = t(full ? 'tags.full' : 'tags.hint', { max: DRIVE_LIMITS.sponsorsMax });

  const add = () => {
    const tag = text.trim();
    if (!tag || full) return;
    if (!values.some((v) => v.toLowerCase() === tag.toLowerCase())) onChange([...values, tag]);
    setText('');
  };

  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} data-field={name}>
      <Chips
        items={values.map((v) => ({ value: v, label: v }))}
        label={chipsLabel ?? t('tags.chips', { label: label.toLowerCase() })}
        onRemove={(value) => {
          onChange(values.filter((v) => v !== value));
          inputRef.current?.focus();
        }}
      />
      <div className="flex gap-2">
        <input
          ref={inputRef}
          type="text"
          value={text}
          maxLength={DRIVE_LIMITS.sponsorMax}
          disabled={full}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault(); // Enter adds the tag instead of saving the form.
            add();
          }}
          {...ariaOf(ids, hint, error)}
          className={`input w-full text-base ${error ? 'input-error' : ''}`}
        />
        <Button variant="secondary" onClick={add} disabled={full || !text.trim()}>
          {t('tags.add')}
        </Button>
      </div>
    </FieldShell>
  );
}
