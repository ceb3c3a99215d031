import { describe, expect, it } from 'vitest';
import { acceptedByPattern } from '../../infra/stacks/nag';

// Finding ids and construct paths as cdk-nag reports them for this app.
const TENANT_OBJECTS =
  'AwsSolutions-IAM5[Resource::Sayyara-Storage:ExportsOutputFnGetAttDocuments7E5B2978Arn159F38C5/tenants/*]';
const DOMAIN_POLICY = 'Sayyara-Api/SettingsFunctionRole/DefaultPolicy/Resource';

describe('pattern acknowledgements', () => {
  it('accept tenants/* object grants on domain and job function policies', () => {
    expect(acceptedByPattern(TENANT_OBJECTS, DOMAIN_POLICY)).toBe(true);
    expect(acceptedByPattern(TENANT_OBJECTS, 'Sayyara-Jobs/DemoResetFunctionRole/DefaultPolicy/Resource')).toBe(true);
  });

  it('reject any other wildcard on those same policies', () => {
    for (const rule of [
      'AwsSolutions-IAM5[Resource::*]',
      'AwsSolutions-IAM5[Action::s3:*]',
      'AwsSolutions-IAM5[Resource::Sayyara-Storage:ExportsOutputFnGetAttDocuments7E5B2978Arn159F38C5/*]',
      'AwsSolutions-IAM5[Resource::<TableCD117FA1.Arn>/index/*]',
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/AdministratorAccess]',
      'AwsSolutions-L1',
    ]) {
      expect(acceptedByPattern(rule, DOMAIN_POLICY), rule).toBe(false);
    }
  });

  it('reject the tenants/* finding anywhere but a function role policy', () => {
    expect(acceptedByPattern(TENANT_OBJECTS, 'Sayyara-Web/SomeRole/DefaultPolicy/Resource')).toBe(false);
    expect(acceptedByPattern(TENANT_OBJECTS, 'Sayyara-Api/SettingsFunctionRole/Resource')).toBe(false);
  });

  it("accept the scheduler role's function-version wildcard only on scheduler roles", () => {
    const rule = 'AwsSolutions-IAM5[Resource::<OverdueRentalsFunctionA95AEC1E.Arn>:*]';
    expect(acceptedByPattern(rule, 'Sayyara-Jobs/SchedulerRoleForTarget-d0966d/DefaultPolicy/Resource')).toBe(true);
    expect(acceptedByPattern(rule, 'Sayyara-Api/PlatformFunctionRole/DefaultPolicy/Resource')).toBe(false);
  });

  it('accept BucketDeployment provider findings only on the CDK provider', () => {
    const provider = 'Sayyara-Web/Custom::CDKBucketDeployment8693BB64968944B69AAFB0CC9EB8756C512MiB';
    expect(acceptedByPattern('AwsSolutions-L1', `${provider}/Resource`)).toBe(true);
    expect(
      acceptedByPattern('AwsSolutions-IAM5[Action::s3:GetObject*]', `${provider}/ServiceRole/DefaultPolicy/Resource`),
    ).toBe(true);
    expect(acceptedByPattern('AwsSolutions-L1', 'Sayyara-Api/PlatformFunction/Resource')).toBe(false);
    expect(acceptedByPattern('AwsSolutions-S1', `${provider}/Resource`)).toBe(false);
  });
});
