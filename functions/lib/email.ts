import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { sesClient } from './clients/ses';
import { config } from './config';

/**
 * The one way a domain sends email (invoices, receipts, reminders): SES v2 SendEmail with Simple
 * content and attachments, from the configured address. Locally the aws-ses-v2-local emulator
 * keeps every message (its page and `/store` show them, attachments included). Never logs the
 * body or the attachment.
 */
export interface EmailAttachment {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: EmailAttachment[];
}

export async function sendEmail(email: OutgoingEmail): Promise<{ messageId: string | null }> {
  const res = await sesClient().send(
    new SendEmailCommand({
      FromEmailAddress: config().sesFromAddress,
      Destination: { ToAddresses: [email.to] },
      ReplyToAddresses: email.replyTo ? [email.replyTo] : undefined,
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: email.text, Charset: 'UTF-8' },
            ...(email.html ? { Html: { Data: email.html, Charset: 'UTF-8' } } : {}),
          },
          Attachments: email.attachments?.map((a) => ({
            FileName: a.fileName,
            ContentType: a.contentType,
            RawContent: a.bytes,
            ContentDisposition: 'ATTACHMENT',
            ContentTransferEncoding: 'BASE64',
          })),
        },
      },
    }),
  );
  return { messageId: res.MessageId ?? null };
}
