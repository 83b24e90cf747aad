/** Ids of provider events already applied, so a redelivered event is answered without effect. */
export interface ProcessedEventStore {
  has(eventId: string): Promise<boolean>;
  add(eventId: string, type: string): Promise<void>;
}

export const PROCESSED_EVENT_STORE = Symbol('ProcessedEventStore');
