export { retentionModule } from './retention.module.js';
export { ApplyRetention, RETENTION_LIMITS, type RetentionLimits, type RetentionReport } from './application/apply-retention.use-case.js';
