/**
 * /auth (spec §2 sign-in screen): Sign In and Sign Up tabs, the live demo, client validation
 * with the shared zod schemas (§5) and the server's field errors, toasts per §8.
 * Navigation after success is done by the route guard (PublicOnly), which returns the user to
 * the page they came from, or /dashboard.
 */
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { REGION_CODES, currentTimeZone, getRegionConfig, type RegionCode } from '../../../../shared/regions';
import { useAppState } from '../../lib/persisted-state';
import { grantedPosition, signUpRegion } from './signup-region';
import { Link, useSearchParams } from 'react-router';
import type { RegisterInput } from '../../../../shared/schemas/auth';
import { AuthFlowError, type DemoChoice, MfaRequired, useAuth } from '../../auth/context';
import { Icon } from '../../components/Icon';
import { Logo } from '../../components/Logo';
import { useDocumentTitle } from '../../components/PageHeader';
import { RegionMenu } from '../../components/RegionMenu';
import { Spinner } from '../../components/Spinner';
import { dismissToast, getToastState, toast } from '../../components/toast/toast-store';
import { useT, type TFunction } from '../../i18n';
import { TextField, translateMessage } from './fields';
import { loadAuthSchemas } from './schemas';

type Errors = Record<string, string | undefined>;
type MessageKeys = Record<string, string>;

function zodErrors(issues: { path: PropertyKey[]; message: string }[], t: TFunction, keys: MessageKeys): Errors {
  const out: Errors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !out[field]) out[field] = translateMessage(t, issue.message, keys);
  }
  return out;
}

/**
 * The failure text: a message the server filled from one of the auth templates (the lockout's "try again in
 * {{minutes}} min.") in the reader's language, else the server's message when it sent one, else the flow's fallback.
 */
function failureText(error: unknown, t: TFunction, fallbackKey: string, keys?: MessageKeys): string {
  if (!(error instanceof AuthFlowError)) return t(fallbackKey);
  const key = error.template ? keys?.[error.template] : undefined;
  if (key) return t(`auth.validation.${key}`, error.params);
  return error.serverMessage ?? t(error.key);
}

/**
 * A failure toast is stale once the user got in: they retried and it worked. Error toasts stay
 * until closed, so without this "Registration failed" would follow them onto the dashboard.
 */
function dismissErrorToasts(): void {
  for (const t of getToastState().toasts) if (t.variant === 'destructive' && t.open) dismissToast(t.id);
}

function serverFieldErrors(error: unknown, t: TFunction, keys: MessageKeys): Errors {
  if (!(error instanceof AuthFlowError) || !error.fields) return {};
  return Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, translateMessage(t, v, keys)]));
}

function SignInForm({
  onDemo,
  demoPending,
}: {
  onDemo: (company: DemoChoice) => void;
  demoPending: DemoChoice | null;
}) {
  const t = useT();
  const { login, completeMfa } = useAuth();
  const [values, setValues] = useState({ username: '', password: '' });
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    const schemas = await loadAuthSchemas().catch(() => null);
    if (!schemas) {
      // Offline or a failed deploy fetch: nothing was sent.
      toast({ variant: 'destructive', title: t('auth.loginFailed'), description: t('auth.loginFailedFallback') });
      setPending(false);
      return;
    }
    const { loginSchema, AUTH_MESSAGE_KEYS: keys } = schemas;
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(zodErrors(parsed.error.issues, t, keys));
      setPending(false);
      return;
    }
    setErrors({});
    try {
      const user = await login(parsed.data.username, parsed.data.password);
      dismissErrorToasts();
      toast({ title: t('auth.welcomeBack'), description: t('auth.welcomeBackUser', { username: user.username }) });
    } catch (error) {
      if (error instanceof MfaRequired) {
        setChallenge(error.challenge);
        setPending(false);
        return;
      }
      setErrors(serverFieldErrors(error, t, keys));
      toast({
        variant: 'destructive',
        title: t('auth.loginFailed'),
        description: failureText(error, t, 'auth.loginFailedFallback', keys),
      });
      setPending(false);
    }
  };

  // MFA enabled: the second step asks for the authenticator code (or a recovery code).
  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    if (!challenge || !completeMfa) return;
    setPending(true);
    try {
      const user = await completeMfa(challenge, code);
      dismissErrorToasts();
      toast({ title: t('auth.welcomeBack'), description: t('auth.welcomeBackUser', { username: user.username }) });
    } catch (error) {
      const status = error instanceof AuthFlowError ? error.status : undefined;
      if (status === 401) setChallenge(null);
      setErrors({ code: t('auth.mfaWrong') });
      setPending(false);
    }
  };

  if (challenge) {
    return (
      <form onSubmit={submitCode} noValidate className="space-y-4" data-testid="mfa-step">
        <p className="text-sm text-slate-700 dark:text-slate-200">{t('auth.mfaPrompt')}</p>
        <TextField
          label={t('auth.mfaCode')}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={errors.code}
        />
        <button type="submit" className="btn-primary w-full" disabled={pending}>
          {pending ? t('auth.signingIn') : t('auth.mfaVerify')}
        </button>
      </form>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label={t('auth.username')}
        name="username"
        autoComplete="username"
        value={values.username}
        onChange={(e) => setValues({ ...values, username: e.target.value })}
        error={errors.username}
      />
      <TextField
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={(e) => setValues({ ...values, password: e.target.value })}
        error={errors.password}
      />
      <button type="submit" className="btn-primary w-full" disabled={pending}>
        {pending && <Spinner className="h-4 w-4 text-white" />}
        {pending ? t('auth.signingIn') : t('auth.signIn')}
      </button>
      <div className="flex items-center gap-3 text-xs text-slate-600 dark:text-slate-300">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        {t('auth.or')}
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      <button type="button" className="btn-secondary w-full" onClick={() => onDemo('main')} disabled={!!demoPending}>
        <Icon name="sparkles" className="h-4 w-4" />
        {demoPending === 'main' ? t('auth.loadingDemo') : t('auth.tryDemo')}
      </button>
      {/* The second demo choice: the Saudi sister company, onboarded with ZATCA (issue 29). */}
      <button
        type="button"
        className="btn-secondary w-full text-sm"
        onClick={() => onDemo('sa')}
        disabled={!!demoPending}
        data-demo="sa"
      >
        {demoPending === 'sa' ? t('auth.loadingDemo') : t('auth.tryDemoSaudi')}
      </button>
    </form>
  );
}

type SignUpValues = Required<Omit<RegisterInput, 'region' | 'currency' | 'timezone'>>;

const EMPTY_REGISTER: SignUpValues = {
  tenantName: '',
  fullNameEnglish: '',
  fullNameArabic: '',
  username: '',
  email: '',
  password: '',
};

/**
 * The country the company is created in (issue 26): pre-selected by the spec's detection (or the
 * region the user picked in the region menu, which it keeps following until the user picks a
 * country here), always sent with the sign-up.
 */
function useSignUpRegion(): [RegionCode, (r: RegionCode) => void] {
  const locale = useAppState((s) => s.locale);
  const touched = useRef(false);
  const [region, setRegion] = useState<RegionCode>(() =>
    signUpRegion({
      chosen: locale.regionChosen,
      selectedRegion: locale.selectedRegion,
      coords: null,
      timeZone: currentTimeZone(),
    }),
  );
  useEffect(() => {
    if (touched.current) return;
    if (locale.regionChosen) {
      setRegion(
        signUpRegion({
          chosen: true,
          selectedRegion: locale.selectedRegion,
          coords: null,
          timeZone: currentTimeZone(),
        }),
      );
      return;
    }
    if (!locale.geolocationEnabled) return;
    let live = true;
    void grantedPosition().then((coords) => {
      if (live && coords && !touched.current)
        setRegion(
          signUpRegion({ chosen: false, selectedRegion: locale.selectedRegion, coords, timeZone: currentTimeZone() }),
        );
    });
    return () => {
      live = false;
    };
  }, [locale.regionChosen, locale.selectedRegion, locale.geolocationEnabled]);
  return [
    region,
    (r) => {
      touched.current = true;
      setRegion(r);
    },
  ];
}

function SignUpForm() {
  const t = useT();
  const { register } = useAuth();
  const [values, setValues] = useState(EMPTY_REGISTER);
  const [region, setRegion] = useSignUpRegion();
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const set = (field: keyof SignUpValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    const schemas = await loadAuthSchemas().catch(() => null);
    if (!schemas) {
      // Offline or a failed deploy fetch: nothing was sent.
      toast({ variant: 'destructive', title: t('auth.registrationFailed'), description: t('auth.registrationFailed') });
      setPending(false);
      return;
    }
    const { registerSchema, AUTH_MESSAGE_KEYS: keys } = schemas;
    const parsed = registerSchema.safeParse({ ...values, region });
    if (!parsed.success) {
      setErrors(zodErrors(parsed.error.issues, t, keys));
      setPending(false);
      return;
    }
    setErrors({});
    try {
      await register(parsed.data);
      dismissErrorToasts();
      toast({ title: t('auth.welcomeNew'), description: t('auth.welcomeNewBody') });
    } catch (error) {
      setErrors(serverFieldErrors(error, t, keys));
      toast({
        variant: 'destructive',
        title: t('auth.registrationFailed'),
        description: failureText(error, t, 'auth.registrationFailed', keys),
      });
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label={t('auth.companyName')}
        name="tenantName"
        autoComplete="organization"
        value={values.tenantName}
        onChange={set('tenantName')}
        error={errors.tenantName}
      />
      <TextField
        label={t('auth.fullNameEnglish')}
        name="fullNameEnglish"
        autoComplete="name"
        lang="en"
        dir="ltr"
        value={values.fullNameEnglish}
        onChange={set('fullNameEnglish')}
        error={errors.fullNameEnglish}
      />
      <TextField
        label={t('auth.fullNameArabic')}
        name="fullNameArabic"
        lang="ar"
        dir="rtl"
        value={values.fullNameArabic}
        onChange={set('fullNameArabic')}
        error={errors.fullNameArabic}
      />
      <TextField
        label={t('auth.username')}
        name="username"
        autoComplete="username"
        value={values.username}
        onChange={set('username')}
        error={errors.username}
      />
      <TextField
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete="email"
        dir="ltr"
        value={values.email}
        onChange={set('email')}
        error={errors.email}
      />
      <TextField
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        error={errors.password}
      />
      <CountryField value={region} onChange={setRegion} error={errors.region ?? errors.currency ?? errors.timezone} />
      <button type="submit" className="btn-primary w-full" disabled={pending}>
        {pending && <Spinner className="h-4 w-4 text-white" />}
        {pending ? t('auth.creatingAccount') : t('auth.createAccount')}
      </button>
    </form>
  );
}

function CountryField({
  value,
  onChange,
  error,
}: {
  value: RegionCode;
  onChange: (r: RegionCode) => void;
  error?: string;
}) {
  const t = useT();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {t('auth.country')}
      </label>
      <select
        id={id}
        name="region"
        className="field-input"
        value={value}
        onChange={(e) => onChange(e.target.value as RegionCode)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      >
        {REGION_CODES.map((code) => {
          const cfg = getRegionConfig(code);
          return <option key={code} value={code}>{`${t(`shell.region.names.${code}`)} · ${cfg.currency}`}</option>;
        })}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        {t('auth.countryHint')}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

type DemoState = 'idle' | 'pending' | 'failed';

/** The `tab` query value that opens the Sign Up tab: `/auth?tab=signup`. */
const AUTH_TAB_SIGN_UP = 'signup';

function DemoPanel({ state, onRetry, onBack }: { state: DemoState; onRetry: () => void; onBack: () => void }) {
  const t = useT();
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (state !== 'pending') return;
    setStep(0);
    const timer = setTimeout(() => setStep(1), 900);
    return () => clearTimeout(timer);
  }, [state]);

  if (state === 'failed') {
    return (
      <div role="alert" className="py-6 text-center">
        <p className="font-medium text-red-700 dark:text-red-400">{t('auth.demoFailed')}</p>
        <div className="mt-5 flex justify-center gap-3">
          <button type="button" className="btn-primary" onClick={onRetry}>
            {t('auth.retryDemo')}
          </button>
          <button type="button" className="btn-secondary" onClick={onBack}>
            {t('auth.backToSignIn')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div role="status" aria-live="polite" className="flex flex-col items-center py-8 text-center">
      <Spinner className="h-10 w-10" />
      <h2 className="mt-4 text-lg font-semibold">{t('auth.demoStarting')}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {step === 0 ? t('auth.demoLoadingEnv') : t('auth.demoSettingUp')}
      </p>
    </div>
  );
}

export default function AuthPage() {
  const t = useT();
  const { demoLogin } = useAuth();
  const [params] = useSearchParams();
  const [demo, setDemo] = useState<DemoState>('idle');
  // Which demo company the visitor chose (the retry opens the same one).
  const [demoCompany, setDemoCompany] = useState<DemoChoice>('main');
  const autoStarted = useRef(false);
  // ?tab=signup (the landing page's "Get Started") opens Sign Up; anything else Sign In.
  const tabFromUrl = params.get('tab') === AUTH_TAB_SIGN_UP ? 1 : 0;
  const [tab, setTab] = useState(tabFromUrl);
  useEffect(() => setTab(tabFromUrl), [tabFromUrl]);
  useDocumentTitle(tab === 1 ? t('auth.signUpTab') : t('auth.signInTab'));

  // The validation schemas (zod) load when the user starts on a form, not with the page: they
  // are not needed to show it, and fetching them at once delayed its first paint on slow phones.
  const preloadSchemas = () => {
    loadAuthSchemas().catch((error: unknown) => console.error('[preload] auth schemas', error));
  };

  const startDemo = async (company: DemoChoice = demoCompany) => {
    setDemoCompany(company);
    setDemo('pending');
    try {
      await demoLogin(company);
      dismissErrorToasts();
      toast({ title: t('auth.welcomeDemo'), description: t('auth.welcomeDemoBody') });
    } catch (error) {
      setDemo('failed');
      toast({
        variant: 'destructive',
        title: t('auth.demoLoginFailed'),
        description: failureText(error, t, 'auth.demoFailed'),
      });
    }
  };

  useEffect(() => {
    // ?demo=true starts the demo once (StrictMode runs effects twice in development); ?demo=sa the Saudi one.
    const wanted = params.get('demo');
    if ((wanted === 'true' || wanted === 'sa') && !autoStarted.current) {
      autoStarted.current = true;
      void startDemo(wanted === 'sa' ? 'sa' : 'main');
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params]);

  const features = ['featureTracking', 'featurePredictions', 'featureRoles', 'featureAnalytics'];

  return (
    <div className="flex min-h-screen flex-col lg:flex-row">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-primary-strong to-secondary-strong p-10 text-white lg:flex lg:w-5/12 lg:flex-col">
        <Link to="/" className="inline-flex w-fit rounded-ui bg-white/95 px-3 py-2 text-slate-900">
          <Logo />
        </Link>
        <div className="my-auto">
          <h2 className="text-3xl font-semibold leading-tight">{t('auth.featuresTitle')}</h2>
          <ul className="mt-8 space-y-4">
            {features.map((f) => (
              <li key={f} className="flex items-center gap-3 text-base">
                <span className="flex h-8 w-8 items-center justify-center rounded-full bg-white/20">
                  <Icon name="check" className="h-4 w-4" />
                </span>
                {t(`auth.${f}`)}
              </li>
            ))}
          </ul>
        </div>
      </aside>

      <main className="flex flex-1 flex-col">
        <div className="flex items-center justify-between p-4 sm:px-8">
          <Link to="/" className="lg:invisible" aria-label={t('common.goHome')}>
            <Logo />
          </Link>
          <RegionMenu />
        </div>
        <div className="flex flex-1 items-start justify-center px-4 pb-12 sm:items-center">
          <div className="w-full max-w-md">
            <h1 className="text-2xl font-semibold">{t('auth.welcomeHeading')}</h1>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('auth.welcomeSub')}</p>
            <div className="card mt-6" onFocusCapture={preloadSchemas} onPointerDownCapture={preloadSchemas}>
              {demo !== 'idle' && (
                <div className="mb-6 border-b border-slate-200 pb-2 dark:border-slate-700">
                  <DemoPanel state={demo} onRetry={() => void startDemo()} onBack={() => setDemo('idle')} />
                </div>
              )}
              <TabGroup selectedIndex={tab} onChange={setTab}>
                <TabList className="mb-6 grid grid-cols-2 gap-1 rounded-ui bg-slate-100 p-1 dark:bg-slate-800">
                  {[t('auth.signInTab'), t('auth.signUpTab')].map((label) => (
                    <Tab
                      key={label}
                      className="rounded-ui px-3 py-2 text-sm font-medium text-slate-700 data-[selected]:bg-white data-[selected]:text-slate-900 data-[selected]:shadow dark:text-slate-300 dark:data-[selected]:bg-slate-900 dark:data-[selected]:text-white"
                    >
                      {label}
                    </Tab>
                  ))}
                </TabList>
                <TabPanels>
                  <TabPanel>
                    <SignInForm
                      onDemo={(company) => void startDemo(company)}
                      demoPending={demo === 'pending' ? demoCompany : null}
                    />
                  </TabPanel>
                  <TabPanel>
                    <SignUpForm />
                  </TabPanel>
                </TabPanels>
              </TabGroup>
            </div>
          </div>
        </div>
      </main>
    </div>
  );
}
