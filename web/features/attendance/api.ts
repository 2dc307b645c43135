import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  attendanceChangeResponseSchema,
  attendanceClaimResponseSchema,
  attendanceResponseSchema,
  drivePassResponseSchema,
  volunteerCertificatePath,
  type AttendanceChangeResponse,
  type AttendanceResponse,
  type CheckInRequest,
} from '../../../contract/attendance';
import { ApiError, apiDownload, apiRequest } from '../../lib/api-client';
import { sendOrKeep } from '../../lib/outbox/use-outbox';
import { getSessionClaims } from '../../lib/session';
import { driveDetailKey, drivesKey } from '../../lib/queries/drives';

const drivePath = (id: string) => `/api/drives/${encodeURIComponent(id)}`;

export const attendanceKey = (driveId: string) => ['attendance', driveId] as const;
export const passKey = (driveId: string) => ['attendance', driveId, 'pass'] as const;

/** The check-in desk's live count: the list is asked for again this often while the page is open. */
export const ATTENDANCE_POLL_MS = 5000;

/** Someone who may not see this (403) or a drive that is gone (404): no point in asking again. */
export const isRefused = (error: unknown) =>
  error instanceof ApiError && [400, 403, 404].includes(error.status);

/** The caller's pass for a drive they joined or organise (GET /api/drives/{id}/pass). */
export function useDrivePass(driveId: string) {
  return useQuery({
    queryKey: passKey(driveId),
    queryFn: ({ signal }) =>
      apiRequest(`${drivePath(driveId)}/pass`, { schema: drivePassResponseSchema, signal }),
    select: (answer) => answer.data,
    // A pass does not change: it is signed for this member and this drive.
    staleTime: Infinity,
    retry: (failures, error) => !isRefused(error) && failures < 1,
  });
}

/**
 * The drive's attendance for its check-in desk, asked for again every ATTENDANCE_POLL_MS while the
 * page is shown (other helpers at the gate check people in too) and after every change made here.
 */
export function useAttendance(driveId: string) {
  return useQuery({
    queryKey: attendanceKey(driveId),
    queryFn: ({ signal }) =>
      apiRequest(`${drivePath(driveId)}/attendance`, { schema: attendanceResponseSchema, signal }),
    select: (answer) => answer.data,
    refetchInterval: (query) => (query.state.error ? false : ATTENDANCE_POLL_MS),
    retry: (failures, error) => !isRefused(error) && failures < 1,
  });
}

/**
 * A change's answer (the person as they are now and the counts) shows at once; then the list and
 * the drive (a walk-in joins it) are asked for again.
 */
function useAttendanceChange<V, R>(
  driveId: string,
  request: (vars: V) => Promise<R>,
  answerOf: (result: R) => AttendanceChangeResponse | undefined,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (result) => {
      const answer = answerOf(result);
      if (!answer) return;
      queryClient.setQueryData<AttendanceResponse>(attendanceKey(driveId), (old) => {
        if (!old) return old;
        const { person, counts } = answer.data;
        const known = old.data.people.some((p) => p.userId === person.userId);
        const people = known
          ? old.data.people.map((p) => (p.userId === person.userId ? person : p))
          : [...old.data.people, person];
        return { ...old, data: { ...old.data, people, counts } };
      });
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: attendanceKey(driveId), exact: true }),
        queryClient.invalidateQueries({ queryKey: driveDetailKey(driveId) }),
      ]);
    },
  });
}
const answered = (answer: AttendanceChangeResponse) => answer;

/**
 * Check in by pass code, by member (`userId`) or as a walk-in (POST /api/drives/{id}/check-ins).
 * Without a connection the check-in is kept on this phone (`kept`) and uploads later (issue 24).
 */
export const useCheckIn = (driveId: string) =>
  useAttendanceChange(
    driveId,
    ({ body, label }: { body: CheckInRequest; label: string }) =>
      sendOrKeep(
        {
          userId: getSessionClaims()?.userId ?? '',
          what: 'check-in',
          label,
          path: `${drivePath(driveId)}/check-ins`,
          body: { kind: 'json', value: body },
        },
        (idempotencyKey) =>
          apiRequest(`${drivePath(driveId)}/check-ins`, {
            method: 'POST',
            body,
            schema: attendanceChangeResponseSchema,
            idempotencyKey,
          }),
      ),
    (result) => ('sent' in result ? result.sent : undefined),
  );

/** Check someone out (POST /api/drives/{id}/check-ins/{userId}/out). */
export const useCheckOut = (driveId: string) =>
  useAttendanceChange(
    driveId,
    (userId: string) =>
      apiRequest(`${drivePath(driveId)}/check-ins/${encodeURIComponent(userId)}/out`, {
        method: 'POST',
        schema: attendanceChangeResponseSchema,
      }),
    answered,
  );

/** Correct someone's hours, 0–24 (PATCH /api/drives/{id}/attendance/{userId}). */
export const useCorrectHours = (driveId: string) =>
  useAttendanceChange(
    driveId,
    ({ userId, hours }: { userId: string; hours: number }) =>
      apiRequest(`${drivePath(driveId)}/attendance/${encodeURIComponent(userId)}`, {
        method: 'PATCH',
        body: { hours },
        schema: attendanceChangeResponseSchema,
      }),
    answered,
  );

/** A walk-in's invitation: the attendance becomes the signed-in member's. */
export function useClaimAttendance(driveId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest(`${drivePath(driveId)}/attendance/claim`, {
        method: 'POST',
        body: { token },
        schema: attendanceClaimResponseSchema,
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: drivesKey }),
  });
}

/** The member's volunteer certificate for a year, a PDF. */
export const downloadVolunteerCertificate = (year: number) =>
  apiDownload(volunteerCertificatePath(year), `volunteer-certificate-${year}.pdf`);
