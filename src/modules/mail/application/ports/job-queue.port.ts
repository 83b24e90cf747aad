/** Processing jobs live in the database next to the messages, so no job is lost with a process. */
export interface JobQueue {
  /** Asks for a stored message to be processed (again), now or after a delay. */
  enqueueProcessing(messageId: string, options?: { delaySeconds?: number }): Promise<void>;
}

export const JOB_QUEUE = Symbol('JobQueue');
