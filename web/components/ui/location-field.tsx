import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
  formatLatLng,
  GEO_MESSAGES,
  geoReverseResponseSchema,
  geoSearchResponseSchema,
} from '../../../contract/geo';
import { countryCentroid } from '../../../contract/country-centroids';
import { countryOfPlace } from '../../../contract/countries';
import { ApiError, apiRequest } from '../../lib/api-client';
import { currentUserQuery } from '../../lib/queries/current-user';
import { Button } from './button';
import { fieldErrorText, fieldHintText, TextField, useFieldIds } from './form-field';
import { LocationPickerMap, type LatLng } from './map';
import { useContractMessage, useT } from '../../i18n/use-t';
import { uiMessages, type UiT } from './messages';

/** GET /api/geo/search: the best match for the text, or null when nothing matched. */
export const searchPlace = (q: string, signal?: AbortSignal) =>
  apiRequest(`/api/geo/search?q=${encodeURIComponent(q)}`, {
    schema: geoSearchResponseSchema,
    ...(signal ? { signal } : {}),
  }).then((response) => response.data);

/** GET /api/geo/reverse: the name of the place at a point, or null when it has none. */
export const reversePlace = (lat: number, lon: number, signal?: AbortSignal) =>
  apiRequest(`/api/geo/reverse?lat=${lat}&lon=${lon}`, {
    schema: geoReverseResponseSchema,
    ...(signal ? { signal } : {}),
  }).then((response) => response.data.displayName);

/** Spec §8: what a failed search says, with the server's reason inside. */
export function searchFailedMessage(error: unknown, t: UiT): string {
  const reason =
    error instanceof ApiError && error.message ? error.message : t('location.noAnswer');
  return t('location.searchFailed', { reason: reason.replace(/[.!\s]+$/, '') });
}

/** The centre of the browser locale's country (navigator.language, e.g. "en-IN"), if it names one. */
export function localeCountryCentre(language = globalThis.navigator?.language): LatLng | null {
  if (!language) return null;
  try {
    const region = new Intl.Locale(language).maximize().region;
    return countryCentroid(region) ?? null;
  } catch {
    return null;
  }
}

/** The centre of the country a profile's location names ("Pune, India" → India), if it names one. */
export function profileCountryCentre(location: string | null | undefined): LatLng | null {
  return countryCentroid(countryOfPlace(location)) ?? null;
}

/**
 * Where a picker with no point and no country of its own opens (issue 23 §6): the country of the
 * member's profile location, else the browser locale's country, else (null) the whole world.
 * Never a fixed country. The signed-in shell has the member already: read from that cache only.
 */
export function useMemberStart(): LatLng | null {
  const me = useQuery({ ...currentUserQuery(), enabled: false });
  return profileCountryCentre(me.data?.user.location) ?? localeCountryCentre();
}

type SearchNote = { kind: 'error' | 'info'; text: string } | null;

export interface LocationFieldProps {
  /** The group's visible name, e.g. "Drive Location". */
  legend: string;
  /** The map's accessible name, e.g. "Map: click to choose the drive location". */
  mapLabel: string;
  /** The location text input's form name (e.g. driveLocation) and its limit and hint. */
  textName: string;
  textMaxLength: number;
  textHint: string;
  point: LatLng | null;
  onPoint(point: LatLng): void;
  locationText: string;
  onLocationText(text: string): void;
  pointError?: string | undefined;
  textError?: string | undefined;
  disabled?: boolean;
  /**
   * Where the map opens while no point is chosen, e.g. the centre of the form's country. Left out:
   * the country of the member's profile location, else of the browser's locale (e.g. en-IN →
   * India), else the whole world (`useMemberStart`).
   */
  startAt?: LatLng | null | undefined;
  /** Marks the block so a form can focus it after a refused save ("point" when left out). */
  'data-field'?: string;
}

/**
 * A place on the map with its name: search a place (moves the map and fills the point and text),
 * or click the map (the point, then its name by reverse lookup); the location text stays
 * editable. The drive form and the tree registration use it.
 */
export function LocationField({
  legend,
  mapLabel,
  textName,
  textMaxLength,
  textHint,
  point,
  onPoint,
  locationText,
  onLocationText,
  pointError,
  textError,
  disabled,
  startAt,
  'data-field': dataField = 'point',
}: LocationFieldProps) {
  const t = useT(uiMessages);
  const say = useContractMessage();
  const tu = useT(uiMessages);
  const searchIds = useFieldIds();
  const memberStart = useMemberStart();
  const [query, setQuery] = useState('');
  const [note, setNote] = useState<SearchNote>(null);
  const [searching, setSearching] = useState(false);
  const [naming, setNaming] = useState(false);
  const [flyTo, setFlyTo] = useState<LatLng | null>(null);
  // Only the latest lookup may fill the text: an older, slower answer is ignored.
  const lookup = useRef(0);

  async function search() {
    const text = query.trim();
    if (!text) {
      setNote({ kind: 'error', text: GEO_MESSAGES.emptyQuery });
      return;
    }
    const ticket = ++lookup.current;
    setSearching(true);
    setNote(null);
    try {
      const place = await searchPlace(text);
      if (ticket !== lookup.current) return;
      if (!place) {
        setNote({ kind: 'error', text: GEO_MESSAGES.noResults });
        return;
      }
      const target = { lat: place.lat, lng: place.lon };
      setFlyTo(target);
      onPoint(target);
      onLocationText(place.displayName);
      setNote({ kind: 'info', text: t('location.found', { place: place.displayName }) });
    } catch (error) {
      if (ticket === lookup.current)
        setNote({ kind: 'error', text: searchFailedMessage(error, t) });
    } finally {
      if (ticket === lookup.current) setSearching(false);
    }
  }

  async function pick(lat: number, lng: number) {
    const ticket = ++lookup.current;
    setSearching(false);
    setNote(null);
    onPoint({ lat, lng });
    setNaming(true);
    let name: string | null = null;
    try {
      name = await reversePlace(lat, lng);
    } catch {
      name = null; // Spec: a failed lookup falls back to the coordinates.
    }
    if (ticket !== lookup.current) return;
    setNaming(false);
    onLocationText(name ?? formatLatLng(lat, lng));
  }

  return (
    <fieldset className="flex flex-col gap-3" data-field={dataField}>
      <legend className="mb-1.5 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={searchIds.inputId} className="text-sm">
          {t('location.searchLabel')}
        </label>
        <div className="flex gap-2">
          <input
            id={searchIds.inputId}
            type="search"
            value={query}
            placeholder={t('location.searchPlaceholder')}
            onChange={(event) => {
              setQuery(event.target.value);
              if (note?.kind === 'error') setNote(null);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault(); // Enter searches instead of saving the form.
              void search();
            }}
            aria-describedby={note ? searchIds.errorId : undefined}
            aria-invalid={note?.kind === 'error' ? true : undefined}
            disabled={disabled}
            className="input w-full text-base"
          />
          <Button
            variant="secondary"
            onClick={() => void search()}
            disabled={disabled}
            busy={searching}
          >
            {tu('action.search')}
          </Button>
        </div>
        <p
          id={searchIds.errorId}
          role="status"
          className={note?.kind === 'error' ? fieldErrorText : fieldHintText}
          data-testid="location-search-message"
        >
          {note?.text ?? ''}
        </p>
      </div>
      <LocationPickerMap
        value={point}
        onPick={(lat, lng) => void pick(lat, lng)}
        flyTo={flyTo}
        startAt={startAt ?? memberStart}
        label={mapLabel}
      />
      <p className={fieldHintText} aria-live="polite" data-testid="chosen-point">
        {point
          ? t('location.chosenPoint', {
              point: t('location.latLng', {
                lat: point.lat.toFixed(6),
                lng: point.lng.toFixed(6),
              }),
            })
          : t('location.noPoint')}
        {naming ? ` ${t('location.naming')}` : ''}
      </p>
      {pointError ? (
        <p className={fieldErrorText} data-testid="field-error" role="alert">
          {say(pointError)}
        </p>
      ) : null}
      <TextField
        label={t('location.label')}
        name={textName}
        value={locationText}
        onChange={(event) => onLocationText(event.target.value)}
        error={textError}
        maxLength={textMaxLength}
        hint={textHint}
        disabled={disabled}
      />
    </fieldset>
  );
}
