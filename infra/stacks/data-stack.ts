import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AttributeType,
  BillingMode,
  ProjectionType,
  Table,
  TableEncryption,
  type ITable,
} from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { TABLE } from '../table-definition';

/** Index names the handlers query by; the api/jobs stacks scope grants to exactly these. */
export const GSI_NAMES: readonly string[] = TABLE.globalIndexes.map((i) => i.name);

/**
 * The single table of DESIGN.md §4. Tenant data is irreplaceable, so the table survives a stack
 * deletion (RETAIN + deletion protection) and can be restored to any second of the last 35 days.
 */
export interface DataStackProps extends StackProps {
  /**
   * The restore drill (infra/ops/restore-drill.ts, README "Restore drill"): the name of a table
   * restored to a point in time (context `tableName`). When set, every Lambda reads and writes that
   * table (TABLE_NAME and grants); the stack's own table stays defined and retained, untouched, so
   * pointing back (dropping the context) is one deploy and nothing is deleted either way.
   */
  restoredTableName?: string;
}

export class DataStack extends Stack {
  /** The table the Lambdas use: the stack's own, or the restored one (`restoredTableName`). */
  readonly table: ITable;
  /** The stack's own table (PITR, deletion protection, retained). */
  readonly ownTable: Table;
  /**
   * The e-invoicing secrets key (issue 29): the application-level AES-256-GCM key that seals each company's
   * ZATCA device key and CSID secrets and its UAE/Jordan provider credentials (functions/einvoicing/secrets.ts
   * derives the 32-byte key from this generated value). Handed only to the Lambdas that sign or submit
   * documents, as a CloudFormation dynamic reference resolved at deploy time. Retained and not rotated: a new
   * value would leave every sealed envelope unreadable (rotation = re-seal, a deliberate migration).
   */
  readonly einvoicingSecretsKey: Secret;

  constructor(scope: Construct, id: string, props: DataStackProps = {}) {
    super(scope, id, props);

    const own = new Table(this, 'Table', {
      // The same shape the local bootstrap creates in DynamoDB Local (infra/table-definition.ts).
      partitionKey: { name: TABLE.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TABLE.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      encryption: TableEncryption.AWS_MANAGED,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    for (const index of TABLE.globalIndexes) {
      own.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        // Handlers read whole items from index queries (lists), so keys-only would force a second read.
        projectionType: ProjectionType.ALL,
      });
    }

    this.einvoicingSecretsKey = new Secret(this, 'EInvoicingSecretsKey', {
      description: 'Sayyara: key sealing e-invoicing device keys and provider credentials (issue 29)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.ownTable = own;
    this.table = props.restoredTableName
      ? Table.fromTableAttributes(this, 'RestoredTable', {
          tableName: props.restoredTableName,
          globalIndexes: [...GSI_NAMES],
        })
      : own;

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
  }
}
