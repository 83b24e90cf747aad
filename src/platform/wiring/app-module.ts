import type { Router } from '@koa/router';
import type { DependencyContainer } from 'tsyringe';
import type { Clock } from '../../shared/clock.js';
import type { AppConfig } from '../config/config.js';
import type { Database } from '../db/database.js';
import type { NotificationBus } from '../events/notification-bus.js';
import type { Logger } from '../logging/logger.js';
import type { PrometheusMetrics } from '../metrics/prometheus.metrics.js';

/** What a module's wiring function is given: the container it registers into and the process's plumbing. */
export interface ModuleContext {
  container: DependencyContainer;
  config: AppConfig;
  db: Database;
  logger: Logger;
  clock: Clock;
  /** The process's metrics registry; a module adds its own series to it. */
  metrics: PrometheusMetrics;
  /** Tells the tabs of a user, in whichever process holds them, that something they show changed. */
  notifications: NotificationBus;
}

/** A module's part of the HTTP app, mounted by the http role in module order after the platform's routes. */
export interface HttpContribution {
  /** Built when the http role starts, after every module has registered, so each route gets its use cases. */
  routers(): Router[];
  /** Paths whose request bodies the app-wide parser leaves alone: their routes read the exact bytes (signed webhooks). */
  rawBodyPaths?: readonly string[];
}

/** What a module's wiring function returns once it has registered its adapters and use cases. */
export interface AppModule {
  readonly name: string;
  readonly http?: HttpContribution;
}

/** The modules of this container, in the order the composition root wired them. */
export const APP_MODULES = Symbol('AppModules');
