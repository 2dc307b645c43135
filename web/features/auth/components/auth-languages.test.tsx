// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { renderInLanguage } from '../../../test-support/render';
import { authMessages } from '../messages';
import { resetErrorMessage } from './auth-errors';
import { ForgotPasswordForm } from './forgot-password-form';
import { ResetPasswordForm } from './reset-password-form';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the password reset screens in each language', () => {
  it('asks for the reset link in Spanish', async () => {
    await renderInLanguage('es', <ForgotPasswordForm />);
    expect(
      await screen.findByRole('heading', { name: '¿Olvidaste tu contraseña?' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar enlace' })).toBeInTheDocument();
  });

  it('resets the password in Hindi', async () => {
    await renderInLanguage('hi', <ResetPasswordForm />);
    expect(await screen.findByRole('heading', { name: 'अपना पासवर्ड रीसेट करें' })).toBeInTheDocument();
    expect(screen.getByLabelText('रीसेट टोकन')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'पासवर्ड रीसेट करें' })).toBeInTheDocument();
  });

  it('says a failure in the language it is given, the server’s own message first', async () => {
    const es = await authMessages.load('es');
    const t = (key: string, values?: Record<string, unknown>) => es[key]!(values);
    const noMessage = new ApiError(404, 'Something went wrong. Please try again.', 'NOT_FOUND');
    expect(resetErrorMessage(noMessage, t)).toBe('El código o el correo no son válidos');
    expect(resetErrorMessage(new ApiError(409, 'Nope', 'CONFLICT'), t)).toBe(
      'No se pudo restablecer la contraseña: Nope',
    );
  });
});
