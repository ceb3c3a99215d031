import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccountRecovery, FeaturePlan, StringAttribute, UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { USER_POOL } from '../table-definition';
import { userPoolWebAcl } from './waf';

/** Spec (product-screens-and-session.md §5, §9): minimum password length 6, nothing more. */
export const MIN_PASSWORD_LENGTH = USER_POOL.passwordMinLength;

/**
 * Cognito holds credentials only. The auth Lambda signs users up with the Admin APIs (so the
 * company, its OWNER and the uniqueness items are written together), which is why self sign-up
 * is off. Tenant, role and status live in DynamoDB (DESIGN.md §6); `tenant_id` is stamped once
 * at creation as an immutable cross-check.
 */
export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    this.userPool = new UserPool(this, 'UserPool', {
      selfSignUpEnabled: false,
      signInAliases: { username: true },
      // "Ahmed" and "ahmed" must be one account, or two people could register look-alike names.
      signInCaseSensitive: false,
      customAttributes: {
        [USER_POOL.tenantAttribute]: new StringAttribute({ mutable: false }),
      },
      passwordPolicy: {
        minLength: MIN_PASSWORD_LENGTH,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(7),
      },
      // The product has no self-service password reset; staff passwords are reset by an OWNER/ADMIN.
      accountRecovery: AccountRecovery.NONE,
      featurePlan: FeaturePlan.ESSENTIALS,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      // The browser never talks to Cognito; the auth Lambda does, without a client secret, through the
      // IAM-signed AdminInitiateAuth only. USER_PASSWORD_AUTH stays off: the client id is in every access
      // token, and with it anyone could sign in at Cognito directly, around the app's lockout, MFA and limits.
      generateSecret: false,
      authFlows: { adminUserPassword: true },
      disableOAuth: true,
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
      accessTokenValidity: Duration.minutes(USER_POOL.accessTokenMinutes),
      idTokenValidity: Duration.minutes(USER_POOL.accessTokenMinutes),
      refreshTokenValidity: Duration.days(USER_POOL.refreshTokenDays),
    });

    userPoolWebAcl(this, this.userPool);

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
  }
}
