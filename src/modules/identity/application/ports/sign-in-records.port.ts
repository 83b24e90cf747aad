/** The purges of sign-in data that is no longer of use; each deletes at most `limit` rows and answers how many. */
export interface SignInRecords {
  /** Sessions that ended (revoked: signed out or renewed; or past their end) before `before`. */
  deleteEndedSessions(before: Date, limit: number): Promise<number>;
  /** Pending sign-ins expired at `now` (a used one is deleted as it is used). */
  deleteExpiredSignIns(now: Date, limit: number): Promise<number>;
}

export const SIGN_IN_RECORDS = Symbol('SignInRecords');
