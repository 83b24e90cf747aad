import type { AppModule, ModuleContext } from '../../platform/wiring/app-module.js';
import { Authenticate } from '../identity/index.js';
import { LiveUpdates } from './application/live-updates.js';
import { NOTICE_FEED } from './application/ports/notice-feed.port.js';
import { eventsRoutes } from './http/events.routes.js';

/**
 * Live updates: `GET /api/events` streams the notices other modules publish (a mail changed, the
 * balance changed) to the open tabs of their user. The notification bus is the feed: LISTEN/NOTIFY on
 * Postgres, so a notice reaches the tab whichever process did the work.
 */
export function liveUpdatesModule({ container: c, config, notifications }: ModuleContext): AppModule {
  c.register(NOTICE_FEED, { useValue: notifications });
  // One hub per container: it holds this process's open streams.
  c.registerSingleton(LiveUpdates);
  return {
    name: 'live-updates',
    http: {
      routers: () => [eventsRoutes({ authenticate: c.resolve(Authenticate), live: c.resolve(LiveUpdates), heartbeatMs: config.EVENTS_HEARTBEAT_SECONDS * 1000 })],
    },
  };
}
