import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  isUnverified,
  loginErrorMessage,
  otpSendErrorMessage,
  otpVerifyErrorMessage,
  registerErrorMessage,
  resetErrorMessage,
} from './auth-errors';
import { safeAppPath } from './safe-redirect';

const apiError = (status: number, message = 'Server says no', code = 'X') =>
  new ApiError(status, message, code);
const network = new ApiError(0, 'No response received from server.', 'NETWORK');
const noMessage = (status: number) => apiError(status, 'Something went wrong. Please try again.');

describe('safeAppPath', () => {
  it('accepts paths inside the app', () => {
    expect(safeAppPath('/app')).toBe('/app');
    expect(safeAppPath('/app/calendar?x=1#y')).toBe('/app/calendar?x=1#y');
  });
  it('refuses anything that could leave the app or the site', () => {
    for (const value of [
      null,
      '',
      '//evil.example/app',
      'https://evil.example/app',
      '/application',
      '/login',
      '/app\\..\\evil',
      '/app/\u0000x',
      'app/dashboard',
    ]) {
      expect(safeAppPath(value)).toBeNull();
    }
  });
});

describe('error catalogue', () => {
  it('login', () => {
    expect(loginErrorMessage(apiError(401, 'Invalid credentials'))).toBe('Invalid credentials');
    expect(loginErrorMessage(noMessage(401))).toBe('Invalid credentials');
    expect(loginErrorMessage(noMessage(404))).toBe('User not found');
    expect(loginErrorMessage(apiError(404))).toBe('Server says no');
    expect(loginErrorMessage(apiError(409))).toBe('Server says no');
    expect(loginErrorMessage(apiError(429, 'Please wait 15 minutes'))).toBe(
      'Please wait 15 minutes',
    );
    expect(loginErrorMessage(network)).toBe('No response received from server.');
    expect(loginErrorMessage(apiError(500))).toBe('Login failed');
    expect(loginErrorMessage(new Error('boom'))).toBe('Login failed');
  });
  it('recognises an unverified account by code or by message', () => {
    expect(isUnverified(apiError(403, 'whatever', 'UNVERIFIED'))).toBe(true);
    expect(isUnverified(apiError(403, 'User Is not Verified!'))).toBe(true);
    expect(isUnverified(apiError(401, 'Invalid credentials', 'UNAUTHENTICATED'))).toBe(false);
  });
  it('register', () => {
    expect(registerErrorMessage(apiError(409, 'Email taken'))).toBe(
      'Registration failed: Email taken',
    );
    expect(registerErrorMessage(noMessage(400))).toBe('Invalid input data');
    expect(registerErrorMessage(apiError(400, 'Bad name'))).toBe('Bad name');
    expect(registerErrorMessage(noMessage(500))).toBe('Server error. Please try again.');
    expect(registerErrorMessage(noMessage(418))).toBe('Registration failed');
    expect(registerErrorMessage(network)).toBe('No response received from server.');
  });
  it('reset', () => {
    expect(resetErrorMessage(apiError(409, 'Nope'))).toBe('Password reset failed: Nope');
    expect(resetErrorMessage(noMessage(404))).toBe('Invalid reset token or email');
    expect(resetErrorMessage(noMessage(500))).toBe('Password reset failed. Please try again.');
    expect(resetErrorMessage(apiError(400, 'Too common'))).toBe('Too common');
  });
  it('otp', () => {
    expect(otpVerifyErrorMessage(noMessage(400))).toBe('Invalid OTP code');
    expect(otpVerifyErrorMessage(noMessage(404))).toBe('Invalid or expired OTP');
    expect(otpVerifyErrorMessage(noMessage(500))).toBe('Server error. Please try again.');
    expect(otpVerifyErrorMessage(apiError(418))).toBe('OTP verification failed');
    expect(otpSendErrorMessage(apiError(429, 'Wait 15 minutes'))).toBe('Wait 15 minutes');
    expect(otpSendErrorMessage(apiError(404))).toBe('User not found with this email address');
    expect(otpSendErrorMessage(apiError(500))).toBe('Failed to send OTP. Please try again.');
  });
});
