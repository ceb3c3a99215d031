import { SESv2Client } from '@aws-sdk/client-sesv2';
import { config } from '../config';
import { clientConfig, configured } from './client-config';

let client: SESv2Client | undefined;

export function sesClient(): SESv2Client {
  client ??= configured(new SESv2Client(clientConfig(config().endpoints.ses)), 'ses');
  return client;
}
