import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import type { ProfileSearchResult } from '../../../../contract/users';
import { isSearchable, useProfileSearch } from '../api';
import { Icon } from '../../../components/ui/icon';
import { useT } from '../../../i18n/use-t';
import { peopleMessages } from '../messages';

export interface SearchOption {
  id: string;
  label: string;
  /** Smaller second line, such as the @username. */
  detail?: string;
  to: string;
}

export const profilePath = (id: string) => `/app/user-profile/${encodeURIComponent(id)}`;

const toOption = (person: ProfileSearchResult): SearchOption => ({
  id: person._id,
  label: person.name?.trim() || person.username,
  detail: `@${person.username}`,
  to: profilePath(person._id),
});

/**
 * The top bar's member search: a combobox (ARIA 1.2 pattern). Below the minimum length it offers
 * the default quick links; from 3 characters it lists matching members; choosing one opens it.
 */
export function ProfileSearch({
  defaultOptions,
  className = '',
}: {
  defaultOptions: readonly SearchOption[];
  className?: string;
}) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const listId = useId();
  const search = useProfileSearch(text);
  const t = useT(peopleMessages);

  const showResults = isSearchable(text);
  const options: readonly SearchOption[] = showResults
    ? search.results.map(toOption)
    : defaultOptions;
  const active = activeIndex < options.length ? activeIndex : -1;
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  let status = '';
  if (showResults && search.searching) status = t('searching');
  else if (showResults && options.length === 0) status = t('none');
  else if (showResults) status = t('found', { count: options.length });

  function choose(option: SearchOption) {
    setOpen(false);
    setText('');
    setActiveIndex(-1);
    void navigate(option.to);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (count) setActiveIndex(active < 0 || active >= count - 1 ? 0 : active + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (count) setActiveIndex(active <= 0 ? count - 1 : active - 1);
        break;
      case 'Enter': {
        const option = expanded && active >= 0 ? options[active] : undefined;
        if (option) {
          event.preventDefault();
          choose(option);
        }
        break;
      }
      case 'Escape':
        // First Escape closes the list; a second one clears the text (the usual search-box habit).
        event.preventDefault(); // Chrome would otherwise clear a search field on the first one.
        if (open) setOpen(false);
        else setText('');
        setActiveIndex(-1);
        break;
    }
  }

  return (
    <div
      ref={rootRef}
      className={`relative ${className}`}
      onBlur={(event) => {
        // Focus moving outside the search (not onto one of its own parts) closes the list.
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        {t('label')}
      </label>
      <div className="input input-sm w-full">
        <Icon className="h-4 w-4 opacity-70" round={false}>
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-3.5-3.5" />
        </Icon>
        <input
          id={inputId}
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('placeholder')}
          className="grow"
          value={text}
          maxLength={100}
          onChange={(event) => {
            setText(event.target.value);
            setActiveIndex(-1);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          data-testid="profile-search"
        />
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={showResults ? t('members') : t('quickLinks')}
        hidden={!expanded}
        className="absolute left-0 right-0 z-40 mt-1 max-h-80 overflow-y-auto rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
      >
        {options.map((option, index) => (
          <li
            key={`${option.id}-${option.to}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={`flex cursor-pointer flex-col rounded-field px-3 py-2 ${
              index === active ? 'bg-primary text-primary-content' : 'hover:bg-base-200'
            }`}
            // Keep focus in the input so the list does not close before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => setActiveIndex(index)}
            onClick={() => choose(option)}
          >
            <span className="font-medium">{option.label}</span>
            {option.detail && <span className="text-xs opacity-80">{option.detail}</span>}
          </li>
        ))}
      </ul>
      {open && showResults && options.length === 0 && (
        <p className="absolute left-0 right-0 z-40 mt-1 rounded-box border border-base-300 bg-base-100 px-3 py-2 text-sm shadow-lg">
          {status}
        </p>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {open ? status : ''}
      </p>
    </div>
  );
}
