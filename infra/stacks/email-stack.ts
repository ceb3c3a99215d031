import { Stack, type StackProps } from 'aws-cdk-lib';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';

export interface EmailStackProps extends StackProps {
  /** The From address of every email (context `sesFromAddress`). */
  fromAddress: string;
  /**
   * When set (context `sesDomain`), the whole domain is verified with DKIM instead of the single
   * address; the DKIM CNAME records then have to be published in the domain's DNS.
   */
  domain?: string;
}

export class EmailStack extends Stack {
  readonly identity: EmailIdentity;
  readonly fromAddress: string;

  constructor(scope: Construct, id: string, props: EmailStackProps) {
    super(scope, id, props);
    this.fromAddress = props.fromAddress;
    this.identity = new EmailIdentity(this, 'Identity', {
      identity: props.domain ? Identity.domain(props.domain) : Identity.email(props.fromAddress),
    });
  }
}
