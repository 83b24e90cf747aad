// Query keys of the legal pages.

export const retentionPolicyKeys = {
  /** GET /api/retention-policy: the privacy policy's retention sentences for this installation. */
  all: ['retention-policy'] as const,
};
