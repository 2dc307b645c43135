import { useId, useState } from 'react';
import { toast } from 'sonner';
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

/** "1.5 h": hours as the server counts them (two decimals at most). */
export const formatHours = (hours: number) => `${formatDecimal(hours, 2)} h`;

/** Accents and case do not matter when searching a name: "Jose" finds "José". */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const clock = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat(undefined, { timeStyle: 'short', timeZone }).format(new Date(iso));

function status(person: AttendancePerson, timeZone: string): string {
  if (person.checkedIn && person.checkedInAt)
    return `Checked in at ${clock(person.checkedInAt, timeZone)}`;
  if (person.checkedOutAt)
    return `${person.checkedInAt ? `In at ${clock(person.checkedInAt, timeZone)}, ` : ''}checked out at ${clock(person.checkedOutAt, timeZone)}`;
  if (person.isOrganiser) return "Counted for the drive's duration unless corrected";
  return 'Not checked in';
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
  const form = useContractForm(attendanceCorrectionSchema, { hours: person.hours });
  const onSubmit = form.handleSubmit(({ hours }) => {
    if (correct.isPending) return;
    correct.mutate(
      { userId: person.userId, hours },
      {
        onSuccess: (answer) => {
          toast.success(`${person.name}: ${answer.message}`);
          onDone();
        },
        onError: (error) =>
          form.setError(
            'hours',
            { message: failureMessage(error, 'The hours could not be saved just now.') },
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
      aria-label={`Correct the hours of ${person.name}`}
    >
      <div className="sm:w-48">
        <TextField
          label={`Hours for ${person.name}`}
          hint={`From 0 to ${ATTENDANCE_LIMITS.correctionMaxHours}.`}
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
        <Button type="submit" size="sm" busy={correct.isPending} busyLabel="Saving…">
          Save hours
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
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
  const refused = (error: unknown) =>
    toast.error(`${person.name}: ${failureMessage(error, 'That did not work just now.')}`);
  return (
    <li className="flex flex-col gap-3 py-3" data-testid="attendance-person">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold break-words">
            {person.name}
            {person.isOrganiser ? <span className="badge badge-ghost ml-2">Organiser</span> : null}
            {person.walkIn ? <span className="badge badge-ghost ml-2">Walk-in</span> : null}
          </p>
          <p className={`text-sm ${mutedText}`} data-testid="person-status">
            {status(person, timeZone)}
          </p>
        </div>
        <p className="text-right">
          <span className={`block text-sm ${mutedText}`}>Hours</span>
          <span className="font-semibold tabular-nums" data-testid="person-hours">
            {formatHours(person.hours)}
          </span>
          {person.corrected ? (
            <span className={`block text-sm ${mutedText}`}>corrected</span>
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
              aria-label={`Check out ${person.name}`}
              onClick={() =>
                checkOut.mutate(person.userId, {
                  onSuccess: (answer) => toast.success(`${person.name}: ${answer.message}`),
                  onError: refused,
                })
              }
            >
              Check out
            </Button>
          ) : (
            <Button
              size="sm"
              busy={checkIn.isPending}
              aria-label={`Check in ${person.name}`}
              onClick={() =>
                checkIn.mutate(
                  { body: { userId: person.userId }, label: person.name },
                  {
                    onSuccess: (result) =>
                      'sent' in result
                        ? toast.success(`${person.name}: ${result.sent.message}`)
                        : toast.info(`${person.name}: ${SAVED_ON_PHONE}`),
                    onError: refused,
                  },
                )
              }
            >
              Check in
            </Button>
          )}
          {editing ? null : (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Correct hours of ${person.name}`}
              onClick={() => setEditing(true)}
            >
              Correct hours
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
  const wanted = folded(query.trim());
  const shown = wanted ? people.filter((p) => folded(p.name).includes(wanted)) : people;
  return (
    <div className="flex flex-col gap-3">
      <TextField
        label="Search by name"
        type="search"
        autoComplete="off"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        aria-controls={listId}
      />
      <p className={`text-sm ${mutedText}`} aria-live="polite">
        {wanted
          ? `${shown.length} of ${people.length} people match.`
          : `${people.length} ${people.length === 1 ? 'person' : 'people'}.`}
      </p>
      {shown.length ? (
        <ul id={listId} className="divide-y divide-base-300" aria-label="People at this drive">
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
          {wanted ? 'No one of that name is at this drive.' : 'No one has joined this drive yet.'}
        </p>
      )}
    </div>
  );
}
