import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Option } from '../../../../contract/drives';
import { ariaOf, FieldShell, useFieldIds } from '../../../components/ui/form-field';
import { focusRing } from '../../../components/ui/looks';
import { CloseIcon } from '../../../components/ui/icon';
import { useT } from '../../../i18n/use-t';
import { driveFormMessages } from '../messages';

/** Chips of chosen values, each with a labelled remove button. */
export function Chips({
  items,
  label,
  onRemove,
  disabled,
}: {
  items: Option[];
  /** Names the list, e.g. "Chosen tree types". */
  label: string;
  onRemove(value: string): void;
  disabled?: boolean;
}) {
  const t = useT(driveFormMessages);
  if (items.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li
          key={item.value}
          className="inline-flex items-center gap-1 rounded-full bg-green-100 py-1 pr-1 pl-3 text-sm text-green-900 dark:bg-green-900 dark:text-green-50"
        >
          <span>{item.label}</span>
          <button
            type="button"
            className={`inline-flex h-6 w-6 items-center justify-center rounded-full hover:bg-black/10 ${focusRing}`}
            aria-label={t('chips.remove', { name: item.label })}
            onClick={() => onRemove(item.value)}
            disabled={disabled}
          >
            <CloseIcon className="h-3.5 w-3.5" strokeWidth={2.5} />
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * A searchable multi-select (ARIA combobox + multi-selectable listbox): type to filter, arrows to
 * move, Enter to choose or un-choose, Escape to close, Backspace on empty text removes the last chip.
 */
export function MultiSelect({
  label,
  name,
  options,
  selected,
  onChange,
  error,
  hint,
  placeholder,
  emptyText,
  chipsLabel,
}: {
  label: string;
  /** Marks the field for focusing it after a failed save. */
  name: string;
  options: readonly Option[];
  selected: string[];
  onChange(values: string[]): void;
  error?: string | undefined;
  hint?: string;
  placeholder?: string;
  emptyText?: string;
  chipsLabel: string;
}) {
  const ids = useFieldIds();
  const t = useT(driveFormMessages);
  const listId = useId();
  const labelId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const filtered = useMemo(() => {
    const text = query.trim().toLowerCase();
    return text ? options.filter((o) => o.label.toLowerCase().includes(text)) : options;
  }, [options, query]);
  const activeIndex = Math.min(active, filtered.length - 1);
  const chosen = selected
    .map((value) => options.find((o) => o.value === value))
    .filter((o): o is Option => o !== undefined);

  const toggle = (value: string) =>
    onChange(selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value]);

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(index, filtered.length - 1));
    setActive(next);
    document.getElementById(optionId(next))?.scrollIntoView?.({ block: 'nearest' });
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else moveTo(activeIndex + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else moveTo(activeIndex - 1);
        break;
      case 'Home':
        if (open) {
          event.preventDefault();
          moveTo(0);
        }
        break;
      case 'End':
        if (open) {
          event.preventDefault();
          moveTo(filtered.length - 1);
        }
        break;
      case 'Enter': {
        // Never submits the form from here: Enter chooses the active option.
        event.preventDefault();
        const option = open ? filtered[activeIndex] : undefined;
        if (option) toggle(option.value);
        else setOpen(true);
        break;
      }
      case 'Escape':
        if (open || query) {
          // Closes the list (or clears the text) without closing the modal around it.
          event.preventDefault();
          event.stopPropagation();
          if (open) setOpen(false);
          else setQuery('');
        }
        break;
      case 'Backspace':
        if (query === '' && selected.length > 0) onChange(selected.slice(0, -1));
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  }

  return (
    <FieldShell
      ids={ids}
      label={label}
      labelId={labelId}
      hint={hint}
      error={error}
      data-field={name}
    >
      <Chips
        items={chosen}
        label={chipsLabel}
        onRemove={(value) => {
          toggle(value);
          inputRef.current?.focus();
        }}
      />
      <div className="relative">
        <input
          ref={inputRef}
          {...ariaOf(ids, hint, error)}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          placeholder={placeholder ?? t('select.placeholder')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onClick={() => setOpen((shown) => !shown)}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          className={`input w-full text-base ${error ? 'input-error' : ''}`}
        />
        <ul
          id={listId}
          role="listbox"
          aria-multiselectable="true"
          aria-labelledby={labelId}
          hidden={!open}
          className="absolute z-20 mt-1 max-h-60 w-full overflow-y-auto rounded-box border border-base-300 bg-base-100 py-1 shadow-lg"
        >
          {filtered.map((option, index) => {
            const isSelected = selected.includes(option.value);
            return (
              <li
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={isSelected}
                // Keeps focus in the input, so the list stays open for the next choice.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  setActive(index);
                  toggle(option.value);
                }}
                className={`flex cursor-pointer items-center gap-2 px-3 py-2 ${index === activeIndex ? 'bg-base-300' : ''}`}
              >
                <span
                  aria-hidden="true"
                  className="inline-block w-4 font-bold text-green-700 dark:text-green-300"
                >
                  {isSelected ? '✓' : ''}
                </span>
                {option.label}
              </li>
            );
          })}
        </ul>
        {open && filtered.length === 0 ? (
          <p
            className="absolute z-20 mt-1 w-full rounded-box border border-base-300 bg-base-100 px-3 py-2 shadow-lg"
            role="status"
          >
            {emptyText ?? t('select.noMatches')}
          </p>
        ) : null}
      </div>
    </FieldShell>
  );
}
