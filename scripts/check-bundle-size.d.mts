// Types of check-bundle-size.mjs, for the benchmark report that reuses its measurement.
import type Koa from 'koa';
import type { HttpAppOptions } from '../src/platform/http/http-app.js';

export declare const LANDING_BUDGET_BYTES: number;
export declare const BROWSER_ACCEPT_ENCODING: string;
export type CreateHttpApp = (options: HttpAppOptions) => Koa;
export interface LandingFile {
  file: string;
  kind: 'html' | 'script' | 'stylesheet' | 'icon';
}
export interface MeasuredFile {
  file: string;
  /** Size on disk. */
  raw: number;
  /** Content-Encoding of the answer: br, gzip or identity. */
  encoding: string;
  /** Body bytes the server sent, still encoded. */
  sent: number;
}
export declare function landingFiles(webDir?: string): LandingFile[];
export declare function loadBuiltHttpApp(): Promise<CreateHttpApp>;
export declare function measureOnTheWire<T extends string | { file: string }>(
  webDir: string,
  files: T[],
  createHttpApp: CreateHttpApp,
  acceptEncoding?: string,
): Promise<(MeasuredFile & (T extends string ? unknown : T))[]>;
export declare function measureLanding(
  webDir?: string,
  createHttpApp?: CreateHttpApp,
): Promise<{ files: (MeasuredFile & LandingFile)[]; total: number; pageTotal: number }>;
export declare function gzipSize(buffer: Uint8Array): number;
