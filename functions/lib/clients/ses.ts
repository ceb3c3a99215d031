import { SESv2Client } from '@aws-sdk/client-sesv2';
import { config } from '../config';

let client: SESv2Client | undefined;

export function sesClient(): SESv2Client {
  if (!client) {
    const c = config();
    client = new SESv2Client({
      region: c.region,
      endpoint: c.endpoints.ses,
      credentials: c.endpoints.ses ? { accessKeyId: 'local', secretAccessKey: 'local' } : undefined,
    });
  }
  return client;
}
