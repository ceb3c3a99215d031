import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, AuthFlowError, type AuthContextValue, type DemoChoice } from '../../auth/context';
import { getToastState } from '../../components/toast/toast-store';
import { setLanguage } from '../../i18n';
import AuthPage from './AuthPage';

/** "Try Live Demo" offers both demo companies (issue 29): the UAE one as before and its Saudi sister company. */
function renderAuth(path = '/auth', login?: AuthContextValue['login']) {
  const demoLogin = vi.fn((_company?: DemoChoice) => new Promise<never>(() => {}));
  const never = () => Promise.reject(new Error('not in this test'));
  const value: AuthContextValue = {
    status: 'unauthenticated',
    method: 'none',
    user: null,
    login: login ?? never,
    register: never,
    demoLogin,
    logout: () => Promise.resolve(),
  };
  render(
    <AuthContext.Provider value={value}>
      <MemoryRouter initialEntries={[path]}>
        <AuthPage />
      </MemoryRouter>
    </AuthContext.Provider>,
  );
  return demoLogin;
}

afterEach(() => setLanguage('en'));

describe('the sign-in page: the two demo companies', () => {
  it('"Try Live Demo" opens the main demo exactly as before; the second choice opens the Saudi one', async () => {
    const demoLogin = renderAuth();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try Live Demo' })));
    expect(demoLogin).toHaveBeenLastCalledWith('main');
    // While one demo loads, both choices wait (the pressed one says so).
    expect(screen.getByRole('button', { name: 'Saudi Demo (ZATCA e-invoicing)' })).toHaveProperty('disabled', true);
  });

  it('the Saudi choice signs in to demo-sa', async () => {
    const demoLogin = renderAuth();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Saudi Demo (ZATCA e-invoicing)' })));
    expect(demoLogin).toHaveBeenLastCalledWith('sa');
  });

  it('?demo=sa starts the Saudi demo by itself, ?demo=true the main one', async () => {
    const sa = renderAuth('/auth?demo=sa');
    await act(async () => {});
    expect(sa).toHaveBeenCalledWith('sa');
    const main = renderAuth('/auth?demo=true');
    await act(async () => {});
    expect(main).toHaveBeenCalledWith('main');
  });

  it('offers both in Arabic', () => {
    setLanguage('ar');
    renderAuth();
    expect(screen.getByRole('button', { name: 'جرّب العرض التجريبي المباشر' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'العرض التجريبي السعودي (الفوترة الإلكترونية - زاتكا)' })).toHaveProperty(
      'disabled',
      false,
    );
  });
});

describe('the lockout answer (issue 31)', () => {
  const locked = () =>
    Promise.reject(
      new AuthFlowError('auth.loginFailed', 'Login failed', {
        status: 429,
        serverMessage: 'Too many attempts. Try again in 12 min.',
        template: 'Too many attempts. Try again in {{minutes}} min.',
        params: { minutes: '12', retryAt: '2026-11-29T01:00:00.000Z' },
      }),
    );
  const signIn = async (username: string, password: string) => {
    const user = screen.getByLabelText(username);
    fireEvent.change(user, { target: { value: 'sara' } });
    fireEvent.change(screen.getByLabelText(password), { target: { value: 'some-password' } });
    await act(async () => fireEvent.submit(user.closest('form')!));
    await act(async () => {});
  };

  it('tells when to try again in the reader language (Arabic from the template, not the English text)', async () => {
    setLanguage('ar');
    renderAuth('/auth', locked);
    await signIn('اسم المستخدم', 'كلمة المرور');
    // The schemas load on demand before the request goes: wait for the answer's toast.
    await waitFor(() =>
      expect(getToastState().toasts.at(-1)?.description).toBe('محاولات كثيرة جدًا. حاول مرة أخرى بعد 12 دقيقة.'),
    );
  });

  it('and in English', async () => {
    renderAuth('/auth', locked);
    await signIn('Username', 'Password');
    await waitFor(
      () =>
        expect(getToastState().toasts.map((t) => t.description)).toContain('Too many attempts. Try again in 12 min.'),
      { timeout: 5000 },
    );
  });
});
