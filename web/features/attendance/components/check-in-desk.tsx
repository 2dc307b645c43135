import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ATTENDANCE_MESSAGES,
  checkInRequestSchema,
  formatInZone,
  type Attendance,
  type AttendanceChangeResponse,
  type WalkIn,
} from '../../../../contract/attendance';
import { mutedText, sectionCard, textLink } from '../../../components/ui/looks';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { formatCount } from '../../../lib/numbers';
import { useAttendance, useCheckIn } from '../api';
import { AttendanceList, formatHours } from './attendance-list';
import { PassCodeForm } from './pass-code-form';
import { PassScanner } from './pass-scanner';
import { WalkInForm } from './walk-in-form';
import { SAVED_ON_PHONE } from '../../../lib/outbox/use-outbox';

const drivePagePath = (id: string) => `/app/delive-detail/${encodeURIComponent(id)}`;

function Card({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <section className={sectionCard} aria-labelledby={id} data-testid={testId}>
      <div className="card-body gap-4 p-4 sm:p-6">
        <h3 id={id} className="card-title text-lg">
          {title}
        </h3>
        {children}
      </div>
    </section>
  );
}

/** The live count: who is here now, who came, who joined, and the hours the drive adds. */
function Counts({ data }: { data: Attendance }) {
  const tiles: Array<[string, string, string]> = [
    ['Checked in now', formatCount(data.counts.checkedInNow), 'count-checked-in'],
    ['Came', formatCount(data.counts.attended), 'count-attended'],
    ['Joined', formatCount(data.counts.rsvped), 'count-rsvped'],
    ['Volunteer hours', formatHours(data.totalHours), 'count-hours'],
  ];
  return (
    <dl
      className="grid grid-cols-2 gap-3 sm:grid-cols-4"
      aria-live="polite"
      aria-label="Attendance so far"
    >
      {tiles.map(([label, value, testId]) => (
        <div key={label} className="rounded-box bg-base-200 p-3" data-testid={testId}>
          <dt className={`text-sm ${mutedText}`}>{label}</dt>
          <dd className="text-2xl font-bold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Why nothing can be recorded now: before the window opens, or after it has closed. */
export function windowNotice(data: Attendance, now = Date.now()): string | null {
  const { window } = data;
  if (window.open) return null;
  if (Date.parse(window.opensAt) > now)
    return ATTENDANCE_MESSAGES.opensAt(formatInZone(window.opensAt, window.timeZone));
  return ATTENDANCE_MESSAGES.closed(formatInZone(window.closesAt, window.timeZone));
}

type Outcome = { tone: 'success' | 'info' | 'error'; text: string };

const OUTCOME_CLASS: Record<Outcome['tone'], string> = {
  success: 'alert alert-success',
  info: 'alert alert-info',
  error: 'alert alert-error',
};

/** The last scan or typed code, big enough to read at arm's length. */
function OutcomeLine({ outcome }: { outcome: Outcome | null }) {
  return (
    <div aria-live="assertive" aria-atomic="true">
      {outcome ? (
        <p className={`${OUTCOME_CLASS[outcome.tone]} text-lg`} data-testid="check-in-outcome">
          {outcome.text}
        </p>
      ) : null}
    </div>
  );
}

const outcomeOf = (answer: AttendanceChangeResponse): Outcome =>
  answer.data.alreadyCheckedIn
    ? { tone: 'info', text: `${answer.data.person.name} was already checked in.` }
    : { tone: 'success', text: `${answer.data.person.name} is checked in.` };

/**
 * The check-in desk of a drive (/app/drives/{id}/check-in): scan passes or type their codes,
 * check in walk-ins, find people by name to check them in or out and correct their hours, with a
 * live count. Outside the recording window it says when it opens (or that it closed) and shows the
 * list read-only.
 */
export function CheckInDesk({ driveId }: { driveId: string }) {
  const attendance = useAttendance(driveId);
  const checkIn = useCheckIn(driveId);
  const walkIn = useCheckIn(driveId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const [walkInOutcome, setWalkInOutcome] = useState<Outcome | null>(null);

  const sendCode = async (code: string) => {
    try {
      const result = await checkIn.mutateAsync({ body: { code }, label: `Pass ${code}` });
      setOutcome(
        'sent' in result
          ? outcomeOf(result.sent)
          : { tone: 'info', text: `Pass ${code}: ${SAVED_ON_PHONE}` },
      );
      return true;
    } catch (error) {
      setOutcome({
        tone: 'error',
        text: failureMessage(error, 'That pass could not be checked just now.'),
      });
      return false;
    }
  };
  const onScanned = (text: string) => {
    if (checkIn.isPending) return;
    const parsed = checkInRequestSchema.safeParse({ code: text.trim() });
    if (!parsed.success || !parsed.data.code) {
      setOutcome({ tone: 'error', text: ATTENDANCE_MESSAGES.codeInvalid });
      return;
    }
    void sendCode(parsed.data.code);
  };
  const sendWalkIn = async (person: WalkIn) => {
    try {
      const result = await walkIn.mutateAsync({
        body: { walkIn: person },
        label: `Walk-in ${person.name}`,
      });
      setWalkInOutcome(
        'sent' in result
          ? {
              tone: 'success',
              text: `${result.sent.data.person.name}: ${result.sent.message}`,
            }
          : { tone: 'info', text: `${person.name}: ${SAVED_ON_PHONE}` },
      );
      return true;
    } catch (error) {
      setWalkInOutcome({
        tone: 'error',
        text: failureMessage(error, 'The walk-in could not be checked in just now.'),
      });
      return false;
    }
  };

  if (attendance.isPending) return <LoadingState label="Loading the check-in desk…" />;
  if (attendance.isError) {
    const error = attendance.error;
    if (error instanceof ApiError && (error.status === 403 || error.status === 404))
      return (
        <section className={`${sectionCard} mx-auto max-w-xl`} role="alert">
          <div className="card-body items-center gap-3 text-center">
            <p>{error.message}</p>
            <Link to={drivePagePath(driveId)} className={textLink}>
              Back to the drive
            </Link>
          </div>
        </section>
      );
    return (
      <LoadErrorCard
        message={failureMessage(error, 'The check-in desk could not be loaded just now.')}
        onRetry={() => void attendance.refetch()}
      />
    );
  }

  const data = attendance.data;
  const notice = windowNotice(data);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <section className={sectionCard} aria-labelledby="check-in-drive">
        <div className="card-body gap-4 p-4 sm:p-6">
          <div>
            <h2 id="check-in-drive" className="text-2xl font-bold break-words">
              Check-in: {data.driveName}
            </h2>
            <p className={mutedText}>
              Starts {formatInZone(data.window.startsAt, data.window.timeZone)} ·{' '}
              <Link to={drivePagePath(driveId)} className={textLink}>
                drive page
              </Link>
            </p>
          </div>
          {notice ? (
            <p className="alert alert-warning" role="status" data-testid="check-in-window">
              {notice}
            </p>
          ) : null}
          <Counts data={data} />
        </div>
      </section>

      {data.window.open ? (
        <>
          <Card title="Scan a pass" testId="scan-card">
            <PassScanner onCode={onScanned} />
            <h4 className="font-semibold">Enter a pass code</h4>
            <PassCodeForm onCode={sendCode} busy={checkIn.isPending} />
            <OutcomeLine outcome={outcome} />
          </Card>
          <Card title="Walk-in" testId="walk-in-card">
            <p className={mutedText}>
              Came without joining? Check them in with their name and email.
            </p>
            <WalkInForm onWalkIn={sendWalkIn} busy={walkIn.isPending} />
            <OutcomeLine outcome={walkInOutcome} />
          </Card>
        </>
      ) : null}

      <Card title="People" testId="people-card">
        <AttendanceList
          driveId={driveId}
          people={data.people}
          timeZone={data.window.timeZone}
          readOnly={!data.window.open}
        />
      </Card>
    </div>
  );
}
