import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';

/** Index names the handlers query by; kept here so the api/jobs stacks can scope grants to them. */
export const GSI_NAMES = ['gsi1', 'gsi2'] as const;

/**
 * The single table of DESIGN.md §4. Tenant data is irreplaceable, so the table survives a stack
 * deletion (RETAIN + deletion protection) and can be restored to any second of the last 35 days.
 */
export class DataStack extends Stack {
  readonly table: Table;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    this.table = new Table(this, 'Table', {
      partitionKey: { name: 'pk', type: AttributeType.STRING },
      sortKey: { name: 'sk', type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: 'ttl',
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      encryption: TableEncryption.AWS_MANAGED,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    for (const name of GSI_NAMES) {
      this.table.addGlobalSecondaryIndex({
        indexName: name,
        partitionKey: { name: `${name}pk`, type: AttributeType.STRING },
        sortKey: { name: `${name}sk`, type: AttributeType.STRING },
        // Handlers read whole items from index queries (lists), so keys-only would force a second read.
        projectionType: ProjectionType.ALL,
      });
    }

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
  }
}
