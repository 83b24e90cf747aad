/** Error codes of the platform itself (not of a module); the status table maps them like any other. */
export const PlatformErrors = {
  /** The database cannot be reached (down, restarting, no connection to be had): try again shortly. */
  SERVICE_UNAVAILABLE: 'SERVICE.UNAVAILABLE',
} as const;

export type PlatformErrorCode = (typeof PlatformErrors)[keyof typeof PlatformErrors];

// Adds this catalogue to AppErrorCode (see src/shared/app-error.ts).
declare module '../../shared/app-error.js' {
  interface AppErrorCatalogues {
    platform: PlatformErrorCode;
  }
}
