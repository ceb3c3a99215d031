import { Stack } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { EINVOICING_KEY_USERS } from '../../infra/stacks/access';
import { FAULTS_ENV } from '../../functions/lib/faults';
import { logicalId, synthesize, type Synthesized } from './helpers';

/**
 * What each Lambda's environment carries and must not carry, across the stacks: no test-only switch, one app URL,
 * the e-invoicing key only where it signs. The real app without bundling (the templates are what is checked).
 */
let s: Synthesized;
beforeAll(() => {
  s = synthesize('lambda-environment', { bundle: false });
});

describe('fault injection is test-only (issue 30)', () => {
  it('no Lambda of any stack carries the fault switch (SAYYARA_FAULTS) or the local flag', () => {
    const stacks = Object.values(s.stacks).filter((st): st is Stack => st instanceof Stack);
    expect(stacks.length).toBeGreaterThan(3);
    let lambdas = 0;
    for (const stack of stacks) {
      for (const [id, fn] of Object.entries(s.template(stack).findResources('AWS::Lambda::Function'))) {
        lambdas++;
        const vars = Object.keys(fn.Properties.Environment?.Variables ?? {});
        expect(vars, id).not.toContain(FAULTS_ENV);
        expect(vars, id).not.toContain('SAYYARA_LOCAL');
      }
    }
    expect(lambdas).toBeGreaterThan(10);
  });
});

describe('one configured app URL (issue 27)', () => {
  const appUrlOf = (t: ReturnType<Synthesized['template']>) =>
    Object.values(t.findResources('AWS::Lambda::Function')).map((f) =>
      JSON.stringify(f.Properties.Environment?.Variables?.APP_URL),
    );

  it('every API and job Lambda gets APP_URL = https:// + the web distribution domain (links in emails and PDFs)', () => {
    for (const stack of [s.stacks.api, s.stacks.jobs]) {
      const values = appUrlOf(s.template(stack));
      expect(values.length).toBeGreaterThan(0);
      for (const v of values) {
        expect(v).toContain('https://');
        expect(v).toMatch(/Sayyara-Web.*Distribution.*DomainName|Fn::ImportValue/);
      }
    }
    // The documents Lambda (reminder emails, "Run now") and the reminder job are among them.
    expect(s.stacks.api.functions.has('documents')).toBe(true);
    expect(s.stacks.jobs.functions.has('document-reminders')).toBe(true);
  });

  it('a custom domain (context appUrl) is used verbatim, without a trailing slash', () => {
    const custom = synthesize('app-url', { context: { appUrl: 'https://app.example.com/' }, bundle: false });
    for (const stack of [custom.stacks.api, custom.stacks.jobs]) {
      const values = appUrlOf(custom.template(stack));
      expect(values.length).toBeGreaterThan(0);
      expect(new Set(values)).toEqual(new Set(['"https://app.example.com"']));
    }
  });
});

describe('e-invoicing secrets key (issue 29)', () => {
  it('is a retained generated secret, resolved at deploy time into the signing Lambdas only', () => {
    const data = s.template(s.stacks.data);
    const secrets = data.findResources('AWS::SecretsManager::Secret');
    expect(Object.keys(secrets)).toHaveLength(1);
    const [secret] = Object.values(secrets);
    expect(secret.DeletionPolicy).toBe('Retain');
    expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 64, ExcludePunctuation: true });
    const holders: string[] = [];
    for (const [stack, fns] of [
      [s.stacks.api, s.stacks.api.functions],
      [s.stacks.jobs, s.stacks.jobs.functions],
    ] as const) {
      const resources = s.template(stack).findResources('AWS::Lambda::Function');
      for (const [name, fn] of fns as Map<string, Parameters<typeof logicalId>[1]>) {
        const value = resources[logicalId(stack, fn)].Properties.Environment.Variables.EINVOICING_SECRETS_KEY;
        if (value === undefined) continue;
        holders.push(name);
        // A dynamic reference, never the value: {{resolve:secretsmanager:…}} built from the secret's ARN.
        expect(JSON.stringify(value)).toContain('{{resolve:secretsmanager:');
        // ZATCA's production API by default (the cdk context zatcaBaseUrl points a test deployment elsewhere).
        expect(resources[logicalId(stack, fn)].Properties.Environment.Variables.ZATCA_BASE_URL).toBe(
          'https://gw-fatoora.zatca.gov.sa/e-invoicing/core',
        );
      }
    }
    // Exactly the signing Lambdas: every one of them, and no other.
    expect(holders.sort()).toEqual([...EINVOICING_KEY_USERS].sort());
  });
});
