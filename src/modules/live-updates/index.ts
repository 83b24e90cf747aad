export { liveUpdatesModule } from './live-updates.module.js';
export { LiveUpdates, MAX_STREAMS_PER_USER } from './application/live-updates.js';
