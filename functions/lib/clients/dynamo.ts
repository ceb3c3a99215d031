import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { clientConfig, configured } from './client-config';

/**
 * One client per service per process (Lambda containers reuse them across invocations). Each
 * service has its own module so a domain loads only the SDK clients it uses: importing them all
 * cost every handler ~0.9 s of cold-start import time. Locally the emulators accept any key.
 */
let client: DynamoDBDocumentClient | undefined;

export function dynamo(): DynamoDBDocumentClient {
  if (!client) {
    const base = configured(new DynamoDBClient(clientConfig(config().endpoints.dynamodb)), 'dynamodb');
    client = DynamoDBDocumentClient.from(base, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return client;
}
