import { Match } from 'aws-cdk-lib/assertions';
import type { Role } from 'aws-cdk-lib/aws-iam';
import { beforeAll, describe, expect, it } from 'vitest';
import { fanOutJobs, scheduleOf } from '../../events/schedules';
import { FAN_OUT_MAX_CONCURRENCY } from '../../infra/stacks/jobs-stack';
import { logicalId, statementsOfRole, synthesize, unacknowledgedNagErrors, type Synthesized } from './helpers';

/**
 * The fan-out jobs' AWS engine (issue 30): per job marked `fanOut` in events/schedules.ts, an SQS queue and its
 * dead-letter queue (redrive after 3 receives, 14 days kept), encrypted and TLS-only, the job Lambda fed by the
 * queue with partial batch failures, its send rights and queue URL, an alarm on the dead-letter depth, and the
 * operator's Lambda (auth, /admin/*) allowed to read the dead letters and send them back — cdk-nag quiet.
 */
let s: Synthesized;
beforeAll(() => {
  s = synthesize('fan-out', { bundle: false });
});

const jobs = fanOutJobs();

describe('fan-out queues (jobs stack)', () => {
  it('marks invoice-long-rentals as a fan-out job', () => {
    expect(jobs).toContain('invoice-long-rentals');
  });

  it('has a queue and a dead-letter queue per fan-out job: redrive after 3, visibility ≥ 6× timeout, 14 days', () => {
    const t = s.template(s.stacks.jobs);
    t.resourceCountIs('AWS::SQS::Queue', jobs.length * 2);
    for (const job of jobs) {
      const q = s.stacks.jobs.queues.get(job)!;
      expect(q).toBeDefined();
      const queue = t.toJSON().Resources[logicalId(s.stacks.jobs, q.queue)].Properties;
      const dlq = t.toJSON().Resources[logicalId(s.stacks.jobs, q.deadLetters)].Properties;
      expect(queue.VisibilityTimeout).toBeGreaterThanOrEqual(6 * 60 * (scheduleOf(job).timeoutMinutes ?? 5));
      expect(queue.RedrivePolicy.maxReceiveCount).toBe(3);
      expect(JSON.stringify(queue.RedrivePolicy.deadLetterTargetArn)).toContain(
        logicalId(s.stacks.jobs, q.deadLetters),
      );
      expect(dlq.MessageRetentionPeriod).toBe(14 * 86_400);
      for (const p of [queue, dlq]) expect(p.SqsManagedSseEnabled).toBe(true);
    }
    // TLS only: each queue's policy denies aws:SecureTransport false.
    t.resourcePropertiesCountIs(
      'AWS::SQS::QueuePolicy',
      {
        PolicyDocument: Match.objectLike({
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        }),
      },
      jobs.length * 2,
    );
  });

  it('feeds the job Lambda from its queue with partial batch failures and a max concurrency', () => {
    const t = s.template(s.stacks.jobs);
    for (const job of jobs) {
      const fn = s.stacks.jobs.functions.get(job)!;
      t.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: logicalId(s.stacks.jobs, fn) },
        BatchSize: 10,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        ScalingConfig: { MaximumConcurrency: FAN_OUT_MAX_CONCURRENCY },
      });
      const env = t.toJSON().Resources[logicalId(s.stacks.jobs, fn)].Properties.Environment.Variables;
      expect(env[`JOB_QUEUE_URL_${job.toUpperCase().replace(/-/g, '_')}`]).toBeDefined();
      const actions = statementsOfRole(t, logicalId(s.stacks.jobs, fn.role as Role)).flatMap((st) =>
        [st.Action].flat(),
      );
      expect(actions).toEqual(expect.arrayContaining(['sqs:SendMessage', 'sqs:ReceiveMessage', 'sqs:DeleteMessage']));
    }
  });

  it('alarms as soon as a unit is parked in a dead-letter queue', () => {
    const t = s.template(s.stacks.jobs);
    for (const job of jobs) {
      const dlq = s.stacks.jobs.queues.get(job)!.deadLetters;
      t.hasResourceProperties('AWS::CloudWatch::Alarm', {
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Namespace: 'AWS/SQS',
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(s.stacks.jobs, dlq), 'QueueName'] } }],
      });
    }
  });

  it('lets the operator Lambda (auth) read the dead letters and send them back, and no other domain', () => {
    const api = s.template(s.stacks.api);
    const auth = s.stacks.api.functions.get('auth')!;
    const statements = statementsOfRole(api, logicalId(s.stacks.api, auth.role as Role));
    const sqs = statements.filter((st) => [st.Action].flat().some((a) => a.startsWith('sqs:')));
    const text = JSON.stringify(sqs);
    for (const job of jobs) expect(text).toContain(`:Sayyara-${job}-dlq`);
    expect(sqs.flatMap((st) => [st.Action].flat())).toEqual(
      expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:SendMessage']),
    );
    const env = api.toJSON().Resources[logicalId(s.stacks.api, auth)].Properties.Environment.Variables;
    expect(JSON.stringify(env.FANOUT_QUEUES)).toContain('invoice-long-rentals');
    for (const [domain, fn] of s.stacks.api.functions) {
      if (domain === 'auth') continue;
      const other = statementsOfRole(api, logicalId(s.stacks.api, fn.role as Role));
      expect(JSON.stringify(other), domain).not.toContain('sqs:');
    }
  });

  it('keeps cdk-nag quiet', () => {
    expect(unacknowledgedNagErrors(s.app)).toEqual([]);
  });
});
