import { createContext, useContext } from 'react';
import type { Role } from '../../../shared/permissions';
import type { RegisterBody } from '../../../shared/schemas/auth';

/** Set when sign-in answers mfaEnrolmentRequired (company setting): the app opens /account/security. */
export const MFA_ENROLMENT_FLAG = 'sayyara.mfaEnrolment';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';
export type AuthMethod = 'none' | 'jwt';

export interface User {
  id: string;
  username: string;
  role: Role;
  tenantId: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  /** Company display name, when the API includes it. */
  tenantName?: string;
}

export interface AuthContextValue {
  status: AuthStatus;
  method: AuthMethod;
  user: User | null;
  login(username: string, password: string): Promise<User>;
  /** Second sign-in step when MFA is enabled: login() threw MfaRequired with this challenge. */
  completeMfa?(challenge: string, code: string): Promise<User>;
  /** Sends an already validated sign-up body (registerSchema output). */
  register(body: RegisterBody): Promise<User>;
  /** "Try Live Demo": the UAE demo company (default) or its Saudi sister company ('sa', ZATCA e-invoicing). */
  demoLogin(company?: DemoChoice): Promise<User>;
  logout(): Promise<void>;
}

/** Which demo company the visitor opens: the main (UAE) one or the Saudi sister company. */
export type DemoChoice = 'main' | 'sa';

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** A failure the sign-in screen shows: `key` is a catalog key, `serverMessage` wins when set. */
export class AuthFlowError extends Error {
  readonly key: string;
  readonly serverMessage?: string;
  readonly fields?: Record<string, string>;
  readonly status?: number;
  /** A message the server filled from a template (the lockout's time to wait): shown in the reader's language. */
  readonly template?: string;
  readonly params?: Record<string, string>;
  constructor(
    key: string,
    english: string,
    extra: {
      serverMessage?: string;
      fields?: Record<string, string>;
      status?: number;
      template?: string;
      params?: Record<string, string>;
    } = {},
  ) {
    super(extra.serverMessage || english);
    this.name = 'AuthFlowError';
    this.key = key;
    this.serverMessage = extra.serverMessage;
    this.fields = extra.fields;
    this.status = extra.status;
    this.template = extra.template;
    this.params = extra.params;
  }
}

/** The password was right and MFA is enabled: the sign-in screen asks for the code. */
export class MfaRequired extends Error {
  constructor(readonly challenge: string) {
    super('MFA code required');
    this.name = 'MfaRequired';
  }
}
