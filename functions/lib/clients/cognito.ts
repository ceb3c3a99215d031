import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { config } from '../config';

let client: CognitoIdentityProviderClient | undefined;

export function cognitoClient(): CognitoIdentityProviderClient {
  if (!client) {
    const c = config();
    client = new CognitoIdentityProviderClient({
      region: c.region,
      endpoint: c.endpoints.cognito,
      credentials: c.endpoints.cognito ? { accessKeyId: 'local', secretAccessKey: 'local' } : undefined,
    });
  }
  return client;
}
