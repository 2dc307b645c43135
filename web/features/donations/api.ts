import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  billingProfileResponseSchema,
  cancelDonationResponseSchema,
  createDonationResponseSchema,
  donationCheckoutResponseSchema,
  donationListResponseSchema,
  donationOptionsResponseSchema,
  donationResponseSchema,
  driveDonationsResponseSchema,
  testPaymentResponseSchema,
  type BillingProfile,
  type CreateDonationRequest,
  type Donation,
  type DonationResponse,
  type DonationStatus,
  type TestPaymentRequest,
} from '../../../contract/donations';
import { corporateUsersResponseSchema, driveListResponseSchema } from '../../../contract/drives';
import {
  createRecurringResponseSchema,
  recurringListResponseSchema,
  recurringPortalResponseSchema,
  updateRecurringResponseSchema,
  type CreateRecurringRequest,
  type RecurringListResponse,
  type UpdateRecurringRequest,
} from '../../../contract/recurring-gifts';
import {
  donationGiftsResponseSchema,
  resendGiftResponseSchema,
  type batchGiftRequestSchema,
} from '../../../contract/gifts';
import type { z } from 'zod';
import { ApiError, apiDownload, apiRequest } from '../../lib/api-client';
import { driveDetailQuery, drivesKey } from '../../lib/queries/drives';
import { rememberCheckoutUrl } from './checkout-url';

/** Every donation query starts here, so a payment refreshes them all. */
export const donationsKey = ['donations'] as const;
export const donationOptionsKey = [...donationsKey, 'options'] as const;
export const donationKey = (id: string) => [...donationsKey, 'one', id] as const;
export const donationListKey = (query: DonationListParams) =>
  [...donationsKey, 'list', query] as const;
export const billingKey = [...donationsKey, 'billing'] as const;
export const driveDonationsKey = (driveId: string) => [...donationsKey, 'drive', driveId] as const;
// Drive choices live under the drives key, so a new or edited drive shows up in the picker too.
export const driveChoicesKey = (q: string) => [...drivesKey, 'donate-choices', q] as const;

export interface DonationListParams {
  page: number;
  limit: number;
  status?: DonationStatus | undefined;
}

/** How many upcoming drives the picker shows for one search. */
export const DRIVE_CHOICES_LIMIT = 8;
/** How often the success page asks whether the payment has been confirmed. */
export const PAYMENT_POLL_MS = 1500;

const opt = (signal?: AbortSignal) => (signal ? { signal } : {});
const donationPath = (id: string) => `/api/donations/${encodeURIComponent(id)}`;

export const fetchDonationOptions = (signal?: AbortSignal, driveId?: string) =>
  apiRequest(
    driveId
      ? `/api/donations/options?driveId=${encodeURIComponent(driveId)}`
      : '/api/donations/options',
    { schema: donationOptionsResponseSchema, ...opt(signal) },
  );
export const fetchDonation = (id: string, signal?: AbortSignal) =>
  apiRequest(donationPath(id), { schema: donationResponseSchema, ...opt(signal) });
export function fetchDonations(query: DonationListParams, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(query.page), limit: String(query.limit) });
  if (query.status) params.set('status', query.status);
  return apiRequest(`/api/donations?${params.toString()}`, {
    schema: donationListResponseSchema,
    ...opt(signal),
  });
}
export const postDonation = (body: CreateDonationRequest) =>
  apiRequest('/api/donations', { method: 'POST', body, schema: createDonationResponseSchema });
export const postPayNow = (id: string) =>
  apiRequest(`${donationPath(id)}/checkout`, {
    method: 'POST',
    schema: donationCheckoutResponseSchema,
  });
export const postCancelDonation = (id: string) =>
  apiRequest(`${donationPath(id)}/cancel`, {
    method: 'POST',
    schema: cancelDonationResponseSchema,
  });
export const postTestPayment = (body: TestPaymentRequest) =>
  apiRequest('/api/payments/test/confirm', {
    method: 'POST',
    body,
    schema: testPaymentResponseSchema,
  });
export const fetchBilling = (signal?: AbortSignal) =>
  apiRequest('/api/donations/billing', { schema: billingProfileResponseSchema, ...opt(signal) });
export const putBilling = (body: BillingProfile) =>
  apiRequest('/api/donations/billing', {
    method: 'PUT',
    body,
    schema: billingProfileResponseSchema,
  });
export const fetchDriveDonations = (driveId: string, signal?: AbortSignal) =>
  apiRequest(`/api/drives/${encodeURIComponent(driveId)}/donations`, {
    schema: driveDonationsResponseSchema,
    ...opt(signal),
  });
/** Upcoming drives whose name matches `q`, for the "Give to" list. */
export function fetchDriveChoices(q: string, signal?: AbortSignal) {
  const params = new URLSearchParams({
    when: 'upcoming',
    page: '1',
    limit: String(DRIVE_CHOICES_LIMIT),
  });
  if (q.trim()) params.set('q', q.trim());
  return apiRequest(`/api/trees/geteventdetail?${params.toString()}`, {
    schema: driveListResponseSchema,
    ...opt(signal),
  });
}

/**
 * The receipt PDF (it needs the session header, so it is fetched and saved, not linked), always
 * saved as `receipt-<number>.pdf`.
 */
export function downloadReceipt(donation: Pick<Donation, 'id' | 'receiptNumber'>) {
  const filename = `receipt-${donation.receiptNumber ?? donation.id}.pdf`;
  return apiDownload(`${donationPath(donation.id)}/receipt`, filename, { filename });
}
/**
 * The certificate of a paid tree gift (fetched with the session like the receipt), saved as
 * `certificate-<receipt number>.pdf`.
 */
export function downloadCertificate(donation: Pick<Donation, 'id' | 'receiptNumber'>) {
  const filename = `certificate-${donation.receiptNumber ?? donation.id}.pdf`;
  return apiDownload(`${donationPath(donation.id)}/certificate`, filename, { filename });
}
/** Every donation of the caller as CSV. */
export const downloadDonationsCsv = () =>
  apiDownload('/api/donations/export.csv', 'canopy-donations.csv');

/** An unknown or malformed id: say "not found" rather than retrying. */
export const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

const noRetryWhenMissing = (failures: number, error: unknown) => !isMissing(error) && failures < 1;

/** With a drive: its partner nursery's sapling price when one supplies it. */
export function useDonationOptions(driveId?: string) {
  return useQuery({
    queryKey: driveId ? [...donationOptionsKey, driveId] : donationOptionsKey,
    queryFn: ({ signal }) => fetchDonationOptions(signal, driveId),
    select: (response) => response.data,
    staleTime: 60_000,
  });
}

/**
 * One donation. With `poll`, it is asked again every PAYMENT_POLL_MS while it still waits for
 * the payment provider, and no more once it is settled.
 */
export function useDonation(id: string | undefined, { poll = false }: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: donationKey(id ?? ''),
    queryFn: ({ signal }) => fetchDonation(id ?? '', signal),
    enabled: Boolean(id),
    retry: noRetryWhenMissing,
    select: (response) => response.data,
    refetchInterval: poll
      ? (query) => (query.state.data?.data.status === 'pending' ? PAYMENT_POLL_MS : false)
      : false,
  });
}

export function useDonations(query: DonationListParams) {
  return useQuery({
    queryKey: donationListKey(query),
    queryFn: ({ signal }) => fetchDonations(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBilling() {
  return useQuery({
    queryKey: billingKey,
    queryFn: ({ signal }) => fetchBilling(signal),
    select: (response) => response.data,
  });
}

export function useDriveDonations(driveId: string) {
  return useQuery({
    queryKey: driveDonationsKey(driveId),
    queryFn: ({ signal }) => fetchDriveDonations(driveId, signal),
    select: (response) => response.data,
  });
}

export function useDriveChoices(q: string) {
  return useQuery({
    queryKey: driveChoicesKey(q.trim()),
    queryFn: ({ signal }) => fetchDriveChoices(q, signal),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

/** The drive a donation goes to: the same cached copy its detail page reads. */
export function useDriveChoice(id: string | undefined) {
  return useQuery({
    ...driveDetailQuery(id ?? ''),
    enabled: Boolean(id),
    select: (response) => response.data,
  });
}

/** Starts a donation; its checkout address is remembered for the summary page's Pay button. */
export function useCreateDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postDonation,
    onSuccess: (answer) => {
      const { donation, checkoutUrl } = answer.data;
      rememberCheckoutUrl(donation.id, checkoutUrl);
      queryClient.setQueryData<DonationResponse>(donationKey(donation.id), {
        success: true,
        data: donation,
      });
      void queryClient.invalidateQueries({ queryKey: [...donationsKey, 'list'] });
    },
  });
}

/**
 * Pay now for a pending donation: its open checkout, or a new donation with the same choices
 * (remembered like a new one's); the lists refresh (the old one may have expired).
 */
export function usePayNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postPayNow,
    onSuccess: (answer) => {
      rememberCheckoutUrl(answer.data.donation.id, answer.data.checkoutUrl);
      void queryClient.invalidateQueries({ queryKey: donationsKey });
    },
  });
}

/** Cancels a pending donation; every donation query refreshes. */
export function useCancelDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postCancelDonation,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: donationsKey }),
  });
}

/** Pays with a test card; whatever the answer, the donation, the lists and the totals refresh. */
export function useTestPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTestPayment,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: donationsKey }),
  });
}

export function useSaveBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putBilling,
    onSuccess: (answer) => queryClient.setQueryData(billingKey, answer),
  });
}

// ---- Trees given to someone (issue 19 §5): the giver's recipients, resend, corporate batches

export const donationGiftsKey = (id: string) => [...donationsKey, 'gifts', id] as const;

/** How many recipients one page of a donation's gifts holds. */
export const DONATION_GIFTS_PAGE = 100;
export const fetchDonationGifts = (id: string, after?: string, signal?: AbortSignal) =>
  apiRequest(
    `${donationPath(id)}/gifts?limit=${DONATION_GIFTS_PAGE}${
      after ? `&after=${encodeURIComponent(after)}` : ''
    }`,
    { schema: donationGiftsResponseSchema, ...opt(signal) },
  );
export const postResendGift = (id: string, giftId?: string) =>
  apiRequest(`${donationPath(id)}/gift/resend`, {
    method: 'POST',
    body: giftId ? { giftId } : {},
    schema: resendGiftResponseSchema,
  });
/** The batch as sent (the server parses and checks the rows again). */
export type BatchGiftInput = z.input<typeof batchGiftRequestSchema>;
export const postGiftBatch = (body: BatchGiftInput) =>
  apiRequest('/api/donations/gifts/batch', {
    method: 'POST',
    body,
    schema: createDonationResponseSchema,
  });

/**
 * A donation's recipients, claimed or not, for its giver: a page of DONATION_GIFTS_PAGE at a time
 * (`fetchNextPage` while `hasNextPage`: a corporate gift has up to 500).
 */
export function useDonationGifts(id: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: donationGiftsKey(id),
    queryFn: ({ pageParam, signal }) => fetchDonationGifts(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.data.next ?? undefined,
    enabled: enabled && id.length > 0,
  });
}

/**
 * Sends a gift's mail again (a new link); the donation's recipients and the lists (their gift
 * summaries: a refusal may mean it was claimed meanwhile) refresh.
 */
export function useResendGift(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (giftId?: string) => postResendGift(id, giftId),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: donationGiftsKey(id) });
      void queryClient.invalidateQueries({ queryKey: [...donationsKey, 'list'] });
    },
  });
}

/** A corporate gift to many: a pending donation to pay, like useCreateDonation. */
export function useCreateGiftBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postGiftBatch,
    onSuccess: (answer) => {
      const { donation, checkoutUrl } = answer.data;
      rememberCheckoutUrl(donation.id, checkoutUrl);
      void queryClient.invalidateQueries({ queryKey: [...donationsKey, 'list'] });
    },
  });
}

// ---- Recurring gifts (issue 22): start one, list mine, pause / change / cancel / resume, statements

/** Under the donations key: a test payment (which makes a gift active) refreshes the list too. */
export const recurringKey = [...donationsKey, 'recurring'] as const;
const recurringPath = (id: string) => `/api/donations/recurring/${encodeURIComponent(id)}`;

export const fetchRecurringGifts = (signal?: AbortSignal) =>
  apiRequest('/api/donations/recurring', { schema: recurringListResponseSchema, ...opt(signal) });
export const postRecurring = (body: CreateRecurringRequest) =>
  apiRequest('/api/donations/recurring', {
    method: 'POST',
    body,
    schema: createRecurringResponseSchema,
  });
export const patchRecurring = (id: string, body: UpdateRecurringRequest) =>
  apiRequest(recurringPath(id), { method: 'PATCH', body, schema: updateRecurringResponseSchema });
export const postRecurringPortal = () =>
  apiRequest('/api/donations/recurring/portal', {
    method: 'POST',
    schema: recurringPortalResponseSchema,
  });
/** The yearly statement of paid gifts (a PDF fetched with the session), `canopy-statement-<year>.pdf`. */
export const downloadStatement = (year: number) =>
  apiDownload(`/api/donations/statement?year=${year}`, `canopy-statement-${year}.pdf`);

/** The caller's recurring gifts, newest first, and whether the provider's portal manages cards. */
export function useRecurringGifts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: recurringKey,
    queryFn: ({ signal }) => fetchRecurringGifts(signal),
    enabled,
  });
}

/**
 * Starts a recurring gift: its first period's checkout address is remembered like a one-off
 * donation's; the recurring list and the donation lists refresh.
 */
export function useCreateRecurring() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postRecurring,
    onSuccess: (answer) => {
      rememberCheckoutUrl(answer.data.donationId, answer.data.checkoutUrl);
      void queryClient.invalidateQueries({ queryKey: recurringKey });
      void queryClient.invalidateQueries({ queryKey: [...donationsKey, 'list'] });
    },
  });
}

/** One action on a recurring gift; the answer's gift replaces it in the list at once. */
export function useUpdateRecurring() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateRecurringRequest }) =>
      patchRecurring(id, body),
    onSuccess: (answer) => {
      queryClient.setQueryData<RecurringListResponse>(recurringKey, (list) =>
        list
          ? { ...list, data: list.data.map((g) => (g.id === answer.data.id ? answer.data : g)) }
          : list,
      );
    },
    // A refusal (409: cancelled meanwhile, say) may mean the list is out of date.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: recurringKey }),
  });
}

/**
 * The organisations (verified corporate accounts, by name) a recurring gift may go to, from the
 * list the drive form's "Land Donated By" reads.
 */
export const organisationChoicesKey = ['organisations', 'donate-choices'] as const;
export function useOrganisationChoices({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: organisationChoicesKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/users/coporateuser', {
        schema: corporateUsersResponseSchema,
        ...opt(signal),
      }),
    select: (response) => response.data,
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** A Customer Portal session's address (Stripe), to go to at once. */
export function useRecurringPortal() {
  return useMutation({ mutationFn: postRecurringPortal });
}
