import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue, type DemoChoice } from '../../auth/context';
import { setLanguage } from '../../i18n';
import AuthPage from './AuthPage';

/** "Try Live Demo" offers both demo companies (issue 29): the UAE one as before and its Saudi sister company. */
function renderAuth(path = '/auth') {
  const demoLogin = vi.fn((_company?: DemoChoice) => new Promise<never>(() => {}));
  const never = () => Promise.reject(new Error('not in this test'));
  const value: AuthContextValue = {
    status: 'unauthenticated',
    method: 'none',
    user: null,
    login: never,
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
