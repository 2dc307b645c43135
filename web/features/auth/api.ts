import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  loginResponseSchema,
  otpMatchResponseSchema,
  type ForgotPasswordRequest,
  type LoginRequest,
  type OtpMatchRequest,
  type OtpRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
} from '../../../contract/auth';
import { messageResponseSchema } from '../../../contract/common';
import { apiRequest } from '../../lib/api-client';
import { currentUserKey, currentUserQuery } from '../../lib/queries/current-user';
import { clearSession, getToken, rememberedUser, saveSession } from '../../lib/session';

export const postLogin = (body: LoginRequest) =>
  apiRequest('/api/users/login', { method: 'POST', body, schema: loginResponseSchema });
export const postRegister = (body: RegisterRequest) =>
  apiRequest('/api/users/register', { method: 'POST', body, schema: messageResponseSchema });
export const postRequestOtp = (body: OtpRequest) =>
  apiRequest('/api/users/creatotp', { method: 'POST', body, schema: messageResponseSchema });
export const postVerifyOtp = (body: OtpMatchRequest) =>
  apiRequest('/api/users/users-otpmatch', { method: 'POST', body, schema: otpMatchResponseSchema });
export const postForgotPassword = (body: ForgotPasswordRequest) =>
  apiRequest('/api/users/forgotpassword', { method: 'POST', body, schema: messageResponseSchema });
export const postResetPassword = (body: ResetPasswordRequest) =>
  apiRequest('/api/users/resetpassword', { method: 'POST', body, schema: messageResponseSchema });
export const postLogout = () =>
  apiRequest('/api/users/logout', { method: 'POST', schema: messageResponseSchema });

/**
 * The signed-in user; only runs when a session token is stored. A reload starts from the answer
 * this tab last had (the shell draws without waiting a round trip) and asks the server again at
 * once; a refusal then ends the session as before.
 */
export function useCurrentUser() {
  const query = useQuery({
    ...currentUserQuery(),
    enabled: getToken() !== null,
    initialData: rememberedUser.get,
    initialDataUpdatedAt: 0,
  });
  const { data } = query;
  useEffect(() => {
    if (data) rememberedUser.set(data);
  }, [data]);
  return query;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postLogin,
    onSuccess: (data) => {
      saveSession(data.result.token);
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}

export function useVerifyOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postVerifyOtp,
    onSuccess: (data) => {
      saveSession(data.token);
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}

export const useRegister = () => useMutation({ mutationFn: postRegister });
export const useRequestOtp = () => useMutation({ mutationFn: postRequestOtp });
export const useForgotPassword = () => useMutation({ mutationFn: postForgotPassword });
export const useResetPassword = () => useMutation({ mutationFn: postResetPassword });

/** Ends the session on the server, then forgets it here whatever the server said. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postLogout().catch(() => undefined),
    onSettled: () => {
      clearSession();
      queryClient.removeQueries({ queryKey: currentUserKey });
    },
  });
}
