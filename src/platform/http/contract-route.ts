import type { Router, RouterContext } from '@koa/router';
import type { Middleware } from 'koa';
import { safeParse, type $ZodType, type input as InputOf, type output as OutputOf } from 'zod/v4/core';
import type { RouteDeclaration } from '../../contract/route.js';
import { recordAnswer } from './answer-checks.js';
import { JsonAttachment } from './json-attachment.js';
import { PreparedJson, sendPrepared } from './prepared-json.js';
import { validate } from './validate.js';

type Parsed<S> = S extends $ZodType ? OutputOf<S> : Record<string, never>;

/** What a handler is given: the request's params, query and body, parsed by the route's schemas. */
export type RouteInput<R extends RouteDeclaration> = { params: Parsed<R['params']>; query: Parsed<R['query']>; body: Parsed<R['body']> };

/** What a handler returns: the contract's answer, or the same already prepared (PreparedJson), or nothing when the route answers no body. */
export type RouteAnswer<R extends RouteDeclaration> = R['answer'] extends $ZodType
  ? InputOf<R['answer']> | PreparedJson | (R['attachment'] extends true ? JsonAttachment<InputOf<R['answer']>> : never)
  : void;

export type RouteHandler<R extends RouteDeclaration, S> = (ctx: RouterContext<S>, input: RouteInput<R>) => RouteAnswer<R> | Promise<RouteAnswer<R>>;

/** The answer of a call that only changes something (OkResponse). */
export const OK = Object.freeze({ ok: true as const });

export interface ContractRouterOptions<S> {
  /** The guard of `bearer` routes (the identity module's requireAuth): the platform knows no identity. */
  bearer?: Middleware<S>;
  /** The error for params the route's schema refuses (a malformed id names nothing: 404); default 400 REQUEST.INVALID. */
  invalidParams?: () => Error;
}

/**
 * Registers handlers on `router` from the contract (src/contract): the method, path(s) and guard are the
 * route's; params, query and body are parsed by its schemas before the handler runs; the handler's
 * answer is typed by it and sent with its status. The answer is recorded for answerChecks, which checks
 * it against the contract when API_ANSWER_CHECKS is on (docs/api.md § Reference).
 */
export function contractRouter<S>(router: Router<S>, options: ContractRouterOptions<S> = {}) {
  const prefix = router.opts.prefix ?? '';
  const local = (path: string) => {
    if (!path.startsWith(prefix)) throw new Error(`${path} is outside its router's prefix ${prefix}`);
    return path.slice(prefix.length) || '/';
  };

  return function on<R extends RouteDeclaration & { name: string }>(route: R, handler: RouteHandler<NoInfer<R>, S>, overrides: Pick<ContractRouterOptions<S>, 'invalidParams'> = {}): void {
    const guard = route.auth === 'bearer' ? options.bearer : undefined;
    if (route.auth === 'bearer' && !guard) throw new Error(`${route.method} ${route.path} is a bearer route: give contractRouter its bearer guard`);
    const invalidParams = overrides.invalidParams ?? options.invalidParams;

    const answer: Middleware<S> = async (context) => {
      const ctx = context as RouterContext<S>;
      const input = {
        params: route.params ? parseParams(route.params, ctx.params, invalidParams) : {},
        query: route.query ? validate(route.query, ctx.query) : {},
        body: route.body ? validate(route.body, ctx.request.body ?? {}) : {},
      } as RouteInput<R>;
      const result: unknown = await handler(ctx, input);
      send(ctx, route, result);
    };

    const paths = [route.path, ...(route.aliases ?? [])].map(local);
    router.register(paths, [route.method], guard ? [guard, answer] : [answer], { name: route.name });
  };
}

function parseParams(schema: $ZodType, params: unknown, invalid: (() => Error) | undefined): unknown {
  if (!invalid) return validate(schema, params);
  const parsed = safeParse(schema, params);
  if (!parsed.success) throw invalid();
  return parsed.data;
}

function send<S>(ctx: RouterContext<S>, route: RouteDeclaration, result: unknown): void {
  recordAnswer(ctx, route, result);
  if (route.answer === null) {
    // An event stream answers by itself; a call without an answer body gets its status.
    if (!route.events) ctx.status = route.status;
    return;
  }
  if (result instanceof PreparedJson) return sendPrepared(ctx, result);
  if (!route.otherStatuses?.includes(ctx.status)) ctx.status = route.status;
  if (result instanceof JsonAttachment) {
    ctx.set('Content-Disposition', `attachment; filename="${result.fileName}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(result.value, null, 2);
    return;
  }
  ctx.body = result;
}
