import type { DependencyContainer } from 'tsyringe';
import { ProcessMail, SweepHeldMail } from '../modules/mail/index.js';
import type { PgBossJobQueue } from '../modules/mail/infra/queue/pg-boss.job-queue.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';

/** Claims processing jobs from the database; any number of worker processes can share one database. */
export async function startWorkerRole(c: DependencyContainer, queue: PgBossJobQueue): Promise<void> {
  const config = c.resolve<AppConfig>(APP_CONFIG);
  const process = c.resolve(ProcessMail);
  const sweep = c.resolve(SweepHeldMail);
  await queue.workProcessing(config.WORKER_CONCURRENCY, (messageId) => process.execute(messageId));
  await queue.scheduleSweep(async () => {
    await sweep.execute();
  });
}
