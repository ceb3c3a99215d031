import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { config } from '../config';
import { clientConfig, configured } from './client-config';

let client: CognitoIdentityProviderClient | undefined;

export function cognitoClient(): CognitoIdentityProviderClient {
  client ??= configured(new CognitoIdentityProviderClient(clientConfig(config().endpoints.cognito)), 'cognito');
  return client;
}
