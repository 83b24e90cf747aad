import { Router } from '@koa/router';
import { eventRoutes } from '../../../contract/events.js';
import { contractRouter } from '../../../platform/http/contract-route.js';
import { bearerToken, principalOf, requireAuth, type Authenticate, type AuthState } from '../../identity/index.js';
import type { LiveUpdates } from '../application/live-updates.js';
import { EventStream } from './event-stream.js';

export interface EventsRouteDeps {
  authenticate: Authenticate;
  live: LiveUpdates;
  heartbeatMs: number;
}

/**
 * GET /api/events: the signed-in user's live updates (contract: src/contract/events.ts). The bearer
 * token travels in the Authorization header like every other call (the app reads the stream with
 * fetch); it is checked again at every heartbeat, so a logout or an expired session ends the stream.
 */
export function eventsRoutes({ authenticate, live, heartbeatMs }: EventsRouteDeps): Router<AuthState> {
  const router = new Router<AuthState>();
  let lastId = 0;

  contractRouter(router, { bearer: requireAuth(authenticate) })(eventRoutes.liveEvents, (ctx) => {
    const token = bearerToken(ctx.get('authorization'));
    // Opened before the answer starts, so a refusal (too many streams) is an ordinary error answer.
    // No notice can arrive before `stream` is set: they are delivered on later ticks.
    let stream: EventStream | null = null;
    const close = live.open(principalOf(ctx).user.id, { send: (event, data) => stream?.send(event, data), end: () => stream?.end() });
    stream = new EventStream(ctx, () => ++lastId);
    stream.send('ready', {});
    // The tab was connected before: it may have missed notices, whichever process sent them.
    if (ctx.get('last-event-id')) stream.send('resync', {});
    const heartbeat = setInterval(() => {
      stream.comment('heartbeat');
      authenticate.execute(token).catch(() => stream.end());
    }, heartbeatMs);
    stream.onClose(() => {
      clearInterval(heartbeat);
      close();
    });
  });

  return router;
}
