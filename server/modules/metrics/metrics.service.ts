import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import type { JobCounts, JobQueue } from '../../jobs/jobs-port';
import type { Log } from '../../lib/log';
import type { MailFigures } from '../mail/mail.repository';
import type { MailService } from '../mail/mail.service';
import { metricsRepository } from './metrics.repository';

/** What /api/health answers: `down` when the database does not answer, `degraded` with a reason. */
export interface HealthReport {
  status: 'ok' | 'degraded' | 'down';
  database: 'up' | 'down';
  /** Why the status is not ok, one line each. */
  reasons: string[];
  mail?: MailFigures;
  jobs?: JobCounts;
  databaseBytes?: number;
}

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const sha256 = (text: string) => createHash('sha256').update(text).digest();

export interface MetricsDeps {
  config: Pick<Config, 'metricsToken'>;
  database: DatabaseHandle;
  log: Log;
  outbox: Pick<MailService, 'figures' | 'trouble'>;
}

/**
 * Prometheus metrics of this process (a registry of its own, made only when METRICS_TOKEN is
 * set: several apps in one test process never collide) and the health report both share.
 */
export function metricsService(deps: MetricsDeps) {
  const { database, outbox, log } = deps;
  const repo = metricsRepository(database.db, database.dialect);
  const token = deps.config.metricsToken;
  const expected = token ? sha256(token) : undefined;
  const metrics = token ? createMetrics(database.dialect) : undefined;

  /**
   * The health of this server. `details` (the operator's view and /api/metrics) reads the mail and
   * job figures and the database size; without it only whether anything is wrong, from index probes,
   * because load balancers ask every few seconds and must never make the server count all mail.
   */
  async function report(
    queue: Pick<JobQueue, 'counts'>,
    { details = true }: { details?: boolean } = {},
  ): Promise<HealthReport> {
    if (!(await repo.ping()))
      return { status: 'down', database: 'down', reasons: ['the database does not answer'] };
    const quietly = <T>(what: string, promise: Promise<T>) =>
      promise.catch((err: unknown) => {
        log.warn({ err }, `health: reading ${what} failed`);
        return undefined;
      });
    const jobs = await quietly('jobs', queue.counts());
    const jobReason =
      jobs && jobs.failedRecently > 0
        ? `${jobs.failedRecently} job${jobs.failedRecently === 1 ? '' : 's'} given up on in the last day`
        : undefined;
    if (!details) {
      const trouble = await quietly('mail', outbox.trouble());
      const reasons = [
        ...(trouble?.failedRecently ? ['mail given up on in the last two days'] : []),
        ...(trouble?.retrying ? ['mail failing, being retried'] : []),
        ...(jobReason ? [jobReason] : []),
      ];
      return { status: reasons.length > 0 ? 'degraded' : 'ok', database: 'up', reasons };
    }
    const mail = await quietly('mail', outbox.figures());
    const databaseBytes = await quietly('the database size', repo.sizeBytes());
    const reasons: string[] = [];
    if (mail && mail.failedRecently > 0)
      reasons.push(`${mail.failedRecently} mail given up on in the last two days`);
    if (mail && mail.retrying > 0) reasons.push(`${mail.retrying} mail failing, being retried`);
    if (jobReason) reasons.push(jobReason);
    return {
      status: reasons.length > 0 ? 'degraded' : 'ok',
      database: 'up',
      reasons,
      ...(mail ? { mail } : {}),
      ...(jobs ? { jobs } : {}),
      ...(databaseBytes !== undefined ? { databaseBytes } : {}),
    };
  }

  return {
    /** Whether /api/metrics is on (METRICS_TOKEN set). */
    enabled: metrics !== undefined,

    /** The `Authorization: Bearer …` header carries METRICS_TOKEN (compared in constant time). */
    authorized(header: string | undefined): boolean {
      if (!expected || !header) return false;
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      return match ? timingSafeEqual(sha256(match[1]!), expected) : false;
    },

    /** One answered request, by its route pattern (never the raw URL, which holds ids). */
    observeRequest(method: string, route: string, status: number, seconds: number): void {
      if (!metrics) return;
      const labels = { method, route, status: String(status) };
      metrics.requests.inc(labels);
      metrics.duration.observe(labels, seconds);
    },

    report,

    /** The Prometheus text exposition, with the database, jobs and mail read now. */
    async render(queue: Pick<JobQueue, 'counts'>): Promise<{ contentType: string; body: string }> {
      if (!metrics) throw new Error('metrics are off (METRICS_TOKEN is not set)');
      const health = await report(queue);
      metrics.set(health, database);
      return { contentType: metrics.registry.contentType, body: await metrics.registry.metrics() };
    },
  };
}
export type MetricsService = ReturnType<typeof metricsService>;

function createMetrics(dialect: DatabaseHandle['dialect']) {
  const registry = new Registry();
  // Process memory, CPU, handles, GC and event-loop lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requests = new Counter({
    name: 'canopy_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'canopy_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS_BUCKETS,
    registers,
  });
  const up = new Gauge({
    name: 'canopy_database_up',
    help: '1 when the database answers, 0 when it does not',
    registers,
  });
  const size = new Gauge({
    name: 'canopy_database_size_bytes',
    help: 'The database size on disk',
    registers,
  });
  const pool =
    dialect === 'postgres'
      ? new Gauge({
          name: 'canopy_database_pool_connections',
          help: 'PostgreSQL connections of this process: total, idle, and requests waiting for one',
          labelNames: ['state'] as const,
          registers,
        })
      : undefined;
  const jobs = new Gauge({
    name: 'canopy_jobs',
    help: 'Jobs in the queue (all servers): pending (waiting or running), failed (given up on)',
    labelNames: ['state'] as const,
    registers,
  });
  const mails = new Gauge({
    name: 'canopy_mails',
    help: 'Mail of the last 30 days by status (retrying: queued, last attempt failed)',
    labelNames: ['status'] as const,
    registers,
  });
  const status = new Gauge({
    name: 'canopy_health_status',
    help: 'What /api/health says: 1 for the current status, 0 for the others',
    labelNames: ['status'] as const,
    registers,
  });
  return {
    registry,
    requests,
    duration,
    set(health: HealthReport, database: DatabaseHandle) {
      up.set(health.database === 'up' ? 1 : 0);
      if (health.databaseBytes !== undefined) size.set(health.databaseBytes);
      if (pool && database.pgPool) {
        pool.set({ state: 'total' }, database.pgPool.totalCount);
        pool.set({ state: 'idle' }, database.pgPool.idleCount);
        pool.set({ state: 'waiting' }, database.pgPool.waitingCount);
      }
      if (health.jobs) {
        jobs.set({ state: 'pending' }, health.jobs.pending);
        jobs.set({ state: 'failed' }, health.jobs.failed);
      }
      if (health.mail)
        for (const key of ['queued', 'retrying', 'sent', 'failed'] as const)
          mails.set({ status: key }, health.mail[key]);
      for (const key of ['ok', 'degraded', 'down'] as const)
        status.set({ status: key }, health.status === key ? 1 : 0);
    },
  };
}
