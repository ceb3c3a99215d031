import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { SayyaraNagChecks } from '../../infra/stacks/nag';
import { REPO_ROOT } from '../../infra/stacks/lambda';
import { buildSayyara, type SayyaraOptions, type SayyaraStacks } from '../../infra/stacks/sayyara-app';

export { REPO_ROOT };
export const FIXTURES = join(REPO_ROOT, 'test', 'infra', 'fixtures');

export interface Synthesized {
  app: App;
  stacks: SayyaraStacks;
  template(stack: Stack): Template;
}

/**
 * Builds and synthesizes the app the way `cdk synth` does: same builder, same cdk.json context
 * (feature flags included), output inside the repo. `bundle: false` skips esbuild for tests that
 * only look at resources.
 */
export function synthesize(
  name: string,
  options: SayyaraOptions & { context?: Record<string, unknown>; bundle?: boolean } = {},
): Synthesized {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  const outdir = join(REPO_ROOT, 'test', '.out', `cdk-${name}`);
  rmSync(outdir, { recursive: true, force: true });
  const context: Record<string, unknown> = { ...cdkJson.context, ...options.context };
  if (options.bundle === false) context['aws:cdk:bundling-stacks'] = [];
  const app = new App({ outdir, context });
  const stacks = buildSayyara(app, options);
  app.synth();
  const templates = new Map<Stack, Template>();
  return {
    app,
    stacks,
    template(stack) {
      let t = templates.get(stack);
      if (!t) templates.set(stack, (t = Template.fromStack(stack)));
      return t;
    },
  };
}

/** Error-level AwsSolutions findings that no acknowledgement covers (run after synth, like the CLI). */
export function unacknowledgedNagErrors(app: App): string[] {
  const report = new SayyaraNagChecks().validateScope(app);
  return report.violations
    .filter((v) => v.severity === 'error')
    .flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}`));
}

export interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
}

/** Every statement of every inline policy attached to the role with this logical id. */
export function statementsOfRole(template: Template, roleLogicalId: string): Statement[] {
  const policies = template.findResources('AWS::IAM::Policy');
  return Object.values(policies)
    .filter((p) => JSON.stringify(p.Properties.Roles ?? []).includes(`"${roleLogicalId}"`))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
}

export const actionsOf = (statements: Statement[]): string[] =>
  [...new Set(statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action])))].sort();

export function logicalId(stack: Stack, construct: { node: { defaultChild?: unknown } }): string {
  return stack.getLogicalId(construct.node.defaultChild as never);
}
