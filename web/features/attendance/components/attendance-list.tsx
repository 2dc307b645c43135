import { useId, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import {
  ATTENDANCE_LIMITS,
  attendanceCorrectionSchema,
  type AttendancePerson,
} from '../../../../contract/attendance';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { mutedText } from '../../../components/ui/looks';
import { errorOf, useContractForm } from '../../../components/ui/use-contract-form';
import { failureMessage } from '../../../lib/api-client';
import { formatDecimal } from '../../../lib/numbers';
import { SAVED_ON_PHONE } from '../../../lib/outbox/use-outbox';
import { useCheckIn, useCheckOut, useCorrectHours } from '../api';
import { useT, type Translate } from '../../../i18n/use-t';
import { attendanceMessages, type AttendanceKey } from '../messages';
import { useIntlLocale } from '../../../i18n/intl-locale';

/** "1.5 h": hours as the server counts them (two decimals at most), in the reader's language. */
export function useFormatHours() {
  const t = useT(attendanceMessages);
  const locale = useIntlLocale();
  return (hours: number) => t('hours.value', { hours: formatDecimal(hours, 2, locale) });
}

/** Accents and case do not matter when searching a name: "Jose" finds "José". */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const clock = (iso: string, timeZone: string, locale: string | undefined) =>
  new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone }).format(new Date(iso));

function status(
  person: AttendancePerson,
  timeZone: string,
  t: Translate<AttendanceKey>,
  locale: string | undefined,
): string {
  const at = (iso: string) => clock(iso, timeZone, locale);
  if (person.checkedIn && person.checkedInAt)
    return t('status.checkedIn', { time: at(person.checkedInAt) });
  if (person.checkedOutAt)
    return person.checkedInAt
      ? t('status.inAndOut', { in: at(person.checkedInAt), out: at(person.checkedOutAt) })
      : t('status.out', { out: at(person.checkedOutAt) });
  if (person.isOrganiser) return t('status.organiser');
  return t('status.none');
}

/** Correcting someone's hours: 0–24, checked with the contract's schema. */
function HoursForm({
  driveId,
  person,
  onDone,
}: {
  driveId: string;
  person: AttendancePerson;
  onDone: () => void;
}) {
  const correct = useCorrectHours(driveId);
  const t = useT(attendanceMessages);
  const form = useContractForm(attendanceCorrectionSchema, { hours: person.hours });
  const onSubmit = form.handleSubmit(({ hours }) => {
    if (correct.isPending) return;
    correct.mutate(
      { userId: person.userId, hours },
      {
        onSuccess: (answer) => {
          toast.success(t('said', { name: person.name, message: answer.message }));
          onDone();
        },
        onError: (error) =>
          form.setError(
            'hours',
            { message: failureMessage(error, t('hoursForm.failed')) },
            { shouldFocus: true },
          ),
      },
    );
  });
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      aria-label={t('hoursForm.label', { name: person.name })}
    >
      <div className="sm:w-48">
        <TextField
          label={t('hoursForm.field', { name: person.name })}
          hint={t('hoursForm.hint', { max: ATTENDANCE_LIMITS.correctionMaxHours })}
          type="number"
          inputMode="decimal"
          min={0}
          max={ATTENDANCE_LIMITS.correctionMaxHours}
          step={0.25}
          autoFocus
          {...form.register('hours', {
            valueAsNumber: true,
            onChange: () => form.clearErrors('hours'),
          })}
          error={errorOf(form, 'hours')}
        />
      </div>
      <div className="flex gap-2 sm:mt-7">
        <Button type="submit" size="sm" busy={correct.isPending} busyLabel={t('hoursForm.saving')}>
          {t('hoursForm.save')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          {t('hoursForm.cancel')}
        </Button>
      </div>
    </form>
  );
}

function PersonRow({
  driveId,
  person,
  timeZone,
  readOnly,
}: {
  driveId: string;
  person: AttendancePerson;
  timeZone: string;
  readOnly: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const checkIn = useCheckIn(driveId);
  const checkOut = useCheckOut(driveId);
  const t = useT(attendanceMessages);
  const locale = useIntlLocale();
  const formatHours = useFormatHours();
  const said = (message: string) => t('said', { name: person.name, message });
  const refused = (error: unknown) => toast.error(said(failureMessage(error, t('person.failed'))));
  return (
    <li className="flex flex-col gap-3 py-3" data-testid="attendance-person">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold break-words">
            {person.name}
            {person.isOrganiser ? (
              <span className="badge badge-ghost ml-2">{t('person.organiser')}</span>
            ) : null}
            {person.walkIn ? (
              <span className="badge badge-ghost ml-2">{t('person.walkIn')}</span>
            ) : null}
          </p>
          <p className={`text-sm ${mutedText}`} data-testid="person-status">
            {status(person, timeZone, t, locale)}
          </p>
        </div>
        <p className="text-right">
          <span className={`block text-sm ${mutedText}`}>{t('person.hours')}</span>
          <span className="font-semibold tabular-nums" data-testid="person-hours">
            {formatHours(person.hours)}
          </span>
          {person.corrected ? (
            <span className={`block text-sm ${mutedText}`}>{t('person.corrected')}</span>
          ) : null}
        </p>
      </div>
      {readOnly ? null : (
        <div className="flex flex-wrap gap-2">
          {person.checkedIn ? (
            <Button
              variant="secondary"
              size="sm"
              busy={checkOut.isPending}
              aria-label={t('person.checkOutLabel', { name: person.name })}
              onClick={() =>
                checkOut.mutate(person.userId, {
                  onSuccess: (answer) => toast.success(said(answer.message)),
                  onError: refused,
                })
              }
            >
              {t('person.checkOut')}
            </Button>
          ) : (
            <Button
              size="sm"
              busy={checkIn.isPending}
              aria-label={t('person.checkInLabel', { name: person.name })}
              onClick={() =>
                checkIn.mutate(
                  { body: { userId: person.userId }, label: person.name },
                  {
                    onSuccess: (result) =>
                      'sent' in result
                        ? toast.success(said(result.sent.message))
                        : toast.info(said(SAVED_ON_PHONE)),
                    onError: refused,
                  },
                )
              }
            >
              {t('person.checkIn')}
            </Button>
          )}
          {editing ? null : (
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('person.correctLabel', { name: person.name })}
              onClick={() => setEditing(true)}
            >
              {t('person.correct')}
            </Button>
          )}
        </div>
      )}
      {editing && !readOnly ? (
        <HoursForm driveId={driveId} person={person} onDone={() => setEditing(false)} />
      ) : null}
    </li>
  );
}

/**
 * Everyone of the drive (organiser, who joined, walk-ins) with a search by name: check in, check
 * out and correct hours per person, or (`readOnly`, outside the recording window) just the hours.
 */
export function AttendanceList({
  driveId,
  people,
  timeZone,
  readOnly,
}: {
  driveId: string;
  people: AttendancePerson[];
  timeZone: string;
  readOnly: boolean;
}) {
  const [query, setQuery] = useState('');
  const listId = useId();
  const t = useT(attendanceMessages);
  const wanted = folded(query.trim());
  const shown = wanted ? people.filter((p) => folded(p.name).includes(wanted)) : people;
  return (
    <div className="flex flex-col gap-3">
      <TextField
        label={t('list.search')}
        type="search"
        autoComplete="off"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        aria-controls={listId}
      />
      <p className={`text-sm ${mutedText}`} aria-live="polite">
        {wanted
          ? t('list.match', { shown: shown.length, total: people.length })
          : t('list.count', { count: people.length })}
      </p>
      {shown.length ? (
        <ul id={listId} className="divide-y divide-base-300" aria-label={t('list.label')}>
          {shown.map((person) => (
            <PersonRow
              key={person.userId}
              driveId={driveId}
              person={person}
              timeZone={timeZone}
              readOnly={readOnly}
            />
          ))}
        </ul>
      ) : (
        <p id={listId} className={mutedText}>
          {wanted ? t('list.noMatch') : t('list.empty')}
        </p>
      )}
    </div>
  );
}
