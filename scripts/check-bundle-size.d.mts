// Types of check-bundle-size.mjs, for the benchmark report that reuses its measurement.
export declare const LANDING_JS_BUDGET_BYTES: number;
export interface MeasuredFile {
  file: string;
  raw: number;
  gzip: number;
}
export declare function measureLanding(webDir?: string): { files: MeasuredFile[]; total: number };
export declare function gzipSize(buffer: Uint8Array): number;
