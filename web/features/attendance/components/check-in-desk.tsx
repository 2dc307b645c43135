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
import { rich } from '../../../i18n/use-t';
import { useT, type Translate } from '../../../i18n/use-t';
import { attendanceMessages, type AttendanceKey } from '../messages';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useAttendance, useCheckIn } from '../api';
import { AttendanceList, useFormatHours } from './attendance-list';
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
  const t = useT(attendanceMessages);
  const locale = useIntlLocale();
  const formatHours = useFormatHours();
  const tiles: Array<[string, string, string]> = [
    [t('desk.checkedInNow'), formatCount(data.counts.checkedInNow, locale), 'count-checked-in'],
    [t('desk.came'), formatCount(data.counts.attended, locale), 'count-attended'],
    [t('desk.joined'), formatCount(data.counts.rsvped, locale), 'count-rsvped'],
    [t('desk.hours'), formatHours(data.totalHours), 'count-hours'],
  ];
  return (
    <dl
      className="grid grid-cols-2 gap-3 sm:grid-cols-4"
      aria-live="polite"
      aria-label={t('desk.countsLabel')}
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

const outcomeOf = (answer: AttendanceChangeResponse, t: Translate<AttendanceKey>): Outcome =>
  answer.data.alreadyCheckedIn
    ? { tone: 'info', text: t('outcome.already', { name: answer.data.person.name }) }
    : { tone: 'success', text: t('outcome.checkedIn', { name: answer.data.person.name }) };

/**
 * The check-in desk of a drive (/app/drives/{id}/check-in): scan passes or type their codes,
 * check in walk-ins, find people by name to check them in or out and correct their hours, with a
 * live count. Outside the recording window it says when it opens (or that it closed) and shows the
 * list read-only.
 */
export function CheckInDesk({ driveId }: { driveId: string }) {
  const attendance = useAttendance(driveId);
  const t = useT(attendanceMessages);
  const checkIn = useCheckIn(driveId);
  const walkIn = useCheckIn(driveId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const [walkInOutcome, setWalkInOutcome] = useState<Outcome | null>(null);

  const sendCode = async (code: string) => {
    try {
      const label = t('outbox.pass', { code });
      const result = await checkIn.mutateAsync({ body: { code }, label });
      setOutcome(
        'sent' in result
          ? outcomeOf(result.sent, t)
          : { tone: 'info', text: t('said', { name: label, message: SAVED_ON_PHONE }) },
      );
      return true;
    } catch (error) {
      setOutcome({
        tone: 'error',
        text: failureMessage(error, t('outcome.passFailed')),
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
        label: t('outbox.walkIn', { name: person.name }),
      });
      setWalkInOutcome(
        'sent' in result
          ? {
              tone: 'success',
              text: t('said', {
                name: result.sent.data.person.name,
                message: result.sent.message,
              }),
            }
          : { tone: 'info', text: t('said', { name: person.name, message: SAVED_ON_PHONE }) },
      );
      return true;
    } catch (error) {
      setWalkInOutcome({
        tone: 'error',
        text: failureMessage(error, t('outcome.walkInFailed')),
      });
      return false;
    }
  };

  if (attendance.isPending) return <LoadingState label={t('desk.loading')} />;
  if (attendance.isError) {
    const error = attendance.error;
    if (error instanceof ApiError && (error.status === 403 || error.status === 404))
      return (
        <section className={`${sectionCard} mx-auto max-w-xl`} role="alert">
          <div className="card-body items-center gap-3 text-center">
            <p>{error.message}</p>
            <Link to={drivePagePath(driveId)} className={textLink}>
              {t('desk.back')}
            </Link>
          </div>
        </section>
      );
    return (
      <LoadErrorCard
        message={failureMessage(error, t('desk.failed'))}
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
              {t('desk.title', { name: data.driveName })}
            </h2>
            <p className={mutedText}>
              {rich(
                t('desk.starts', {
                  when: formatInZone(data.window.startsAt, data.window.timeZone),
                }),
                {
                  link: (text) => (
                    <Link to={drivePagePath(driveId)} className={textLink}>
                      {text}
                    </Link>
                  ),
                },
              )}
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
          <Card title={t('desk.scanTitle')} testId="scan-card">
            <PassScanner onCode={onScanned} />
            <h4 className="font-semibold">{t('desk.enterCode')}</h4>
            <PassCodeForm onCode={sendCode} busy={checkIn.isPending} />
            <OutcomeLine outcome={outcome} />
          </Card>
          <Card title={t('desk.walkInTitle')} testId="walk-in-card">
            <p className={mutedText}>{t('desk.walkInHelp')}</p>
            <WalkInForm onWalkIn={sendWalkIn} busy={walkIn.isPending} />
            <OutcomeLine outcome={walkInOutcome} />
          </Card>
        </>
      ) : null}

      <Card title={t('desk.people')} testId="people-card">
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
