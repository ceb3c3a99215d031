/**
 * Session state (spec §4): loading / authenticated / unauthenticated, method none / jwt.
 * The current user comes from GET /api/auth/me through SWR (stale after 10 min, refetched on
 * focus and reconnect, one retry). Must sit inside the router (logout navigates to /auth).
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import useSWR, { useSWRConfig } from 'swr';
import { CURRENT_USER_STALE_MS, QUERY_RETRY_BASE_MS } from '../../../shared/constants';
import type { RegisterBody } from '../../../shared/schemas/auth';
import {
  ApiError,
  apiRequest,
  clearTokens,
  hasStoredTokens,
  isUnauthorized,
  onTokensChange,
  storeTokens,
} from '../lib/api';
import { t } from '../i18n';
import { toast } from '../components/toast/toast-store';
import {
  AuthContext,
  AuthFlowError,
  MFA_ENROLMENT_FLAG,
  MfaRequired,
  type AuthContextValue,
  type AuthMethod,
  type AuthStatus,
  type DemoChoice,
  type User,
} from './context';
import { LOGIN_PATH, LOGOUT_PATHS, ME_PATH, REGISTER_PATH, parseAuthAnswer, userFromMe } from './session';

/** The current-user call: the client already refreshes-and-retries a 401 once; one more retry for other failures. */
async function fetchMe(): Promise<User> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const user = userFromMe(await apiRequest('GET', ME_PATH));
      if (!user) throw new Error('Invalid authentication response');
      return user;
    } catch (error) {
      lastError = error;
      if (isUnauthorized(error)) {
        // Refresh already failed or did not help: the session is over.
        clearTokens();
        throw error;
      }
      if (attempt === 0) await new Promise((r) => setTimeout(r, QUERY_RETRY_BASE_MS));
    }
  }
  throw lastError;
}

type Flow = 'login' | 'register' | 'demo';
const FLOW_MESSAGES: Record<Flow, { invalid: [string, string]; noTokens: [string, string]; failed: [string, string] }> =
  {
    login: {
      invalid: ['auth.invalidAuthResponse', 'Invalid authentication response'],
      noTokens: ['auth.jwtFailed', 'JWT authentication failed'],
      failed: ['auth.loginFailedFallback', 'Login failed. Please check your credentials.'],
    },
    register: {
      invalid: ['auth.invalidRegistrationResponse', 'invalid registration response'],
      noTokens: ['auth.registrationNoTokens', 'Registration failed to return JWT tokens'],
      failed: ['auth.registrationFailed', 'Registration failed'],
    },
    demo: {
      invalid: ['auth.invalidDemoResponse', 'invalid demo login response'],
      noTokens: ['auth.demoJwtFailed', 'Demo JWT authentication failed'],
      failed: ['auth.demoFailed', 'Demo failed to load. Please try again.'],
    },
  };

/** The template and values of a message the server filled (error.template / error.params), if any. */
function templateOf(body: string): { template?: string; params?: Record<string, string> } {
  try {
    const e = (JSON.parse(body) as { error?: { template?: unknown; params?: unknown } }).error;
    if (typeof e?.template !== 'string' || !e.params || typeof e.params !== 'object') return {};
    return { template: e.template, params: e.params as Record<string, string> };
  } catch {
    return {};
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { mutate: globalMutate } = useSWRConfig();
  const [hasTokens, setHasTokens] = useState(hasStoredTokens);

  useEffect(() => onTokensChange(() => setHasTokens(hasStoredTokens())), []);

  const me = useSWR<User>(hasTokens ? ME_PATH : null, fetchMe, {
    dedupingInterval: CURRENT_USER_STALE_MS,
    revalidateOnFocus: true,
    revalidateOnReconnect: true,
    // fetchMe retries once itself, so SWR does not add more.
    shouldRetryOnError: false,
    keepPreviousData: true,
  });

  const user = hasTokens ? (me.data ?? null) : null;
  let status: AuthStatus;
  if (!hasTokens) status = 'unauthenticated';
  else if (user) status = 'authenticated';
  else if (me.error) status = 'unauthenticated';
  else status = 'loading';
  const method: AuthMethod = status === 'authenticated' ? 'jwt' : 'none';

  const authenticate = useCallback(
    async (flow: Flow, path: string, body: unknown): Promise<User> => {
      let answer: unknown;
      try {
        answer = await apiRequest('POST', path, body, { auth: false });
      } catch (error) {
        const [key, english] = FLOW_MESSAGES[flow].failed;
        if (error instanceof ApiError) {
          throw new AuthFlowError(key, english, {
            serverMessage: error.serverMessage,
            fields: error.fields,
            status: error.status,
            ...templateOf(error.body),
          });
        }
        throw new AuthFlowError(key, english);
      }
      const mfa = answer as { mfaRequired?: boolean; challenge?: string } | null;
      if (mfa?.mfaRequired && typeof mfa.challenge === 'string') throw new MfaRequired(mfa.challenge);
      const parsed = parseAuthAnswer(answer);
      if (!parsed.ok) {
        const [key, english] = FLOW_MESSAGES[flow][parsed.reason];
        throw new AuthFlowError(key, english);
      }
      // The company requires MFA of OWNER/ADMIN and this user has none: sign-in lands on /account/security
      // (guards.tsx).
      if ((answer as { mfaEnrolmentRequired?: boolean }).mfaEnrolmentRequired)
        sessionStorage.setItem(MFA_ENROLMENT_FLAG, '1');
      storeTokens(parsed.tokens);
      setHasTokens(true);
      // Seed the current-user cache so the shell renders at once; it revalidates later.
      await globalMutate(ME_PATH, parsed.user, { revalidate: false });
      return parsed.user;
    },
    [globalMutate],
  );

  const login = useCallback(
    (username: string, password: string) => authenticate('login', LOGIN_PATH, { username, password }),
    [authenticate],
  );
  const completeMfa = useCallback(
    (challenge: string, code: string) => authenticate('login', '/api/auth/login/mfa', { challenge, code }),
    [authenticate],
  );
  const register = useCallback((body: RegisterBody) => authenticate('register', REGISTER_PATH, body), [authenticate]);
  const demoLogin = useCallback(
    async (company: DemoChoice = 'main') => {
      // The schemas module (and zod) loads on demand, keeping it out of the sign-in route's initial JS.
      const { DEMO_CREDENTIALS, DEMO_SA_CREDENTIALS } = await import('../../../shared/schemas/auth');
      return authenticate('demo', LOGIN_PATH, { ...(company === 'sa' ? DEMO_SA_CREDENTIALS : DEMO_CREDENTIALS) });
    },
    [authenticate],
  );

  const logout = useCallback(async () => {
    const calls: Promise<unknown>[] = [];
    if (method === 'jwt') calls.push(apiRequest('POST', LOGOUT_PATHS.jwt));
    calls.push(apiRequest('POST', LOGOUT_PATHS.session));
    // Server failures are ignored: signing out must always work locally.
    await Promise.allSettled(calls);
    clearTokens();
    setHasTokens(false);
    await globalMutate(() => true, undefined, { revalidate: false });
    navigate('/auth', { replace: true });
    toast({ title: t('auth.loggedOut') });
  }, [globalMutate, method, navigate]);

  // A failed /me (refresh failed) sends the user to /auth through the route guard.
  const value = useMemo<AuthContextValue>(
    () => ({ status, method, user, login, completeMfa, register, demoLogin, logout }),
    [status, method, user, login, completeMfa, register, demoLogin, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
