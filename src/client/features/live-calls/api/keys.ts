export const liveCallKeys = {
  all: ['live-calls'] as const,
};

/** The admin Dashboard's counters (totalCalls), owned by the admin feature: named by key, not imported. */
export const adminStatsKey = ['admin', 'stats'] as const;

/** The member's calendar feed address. */
export const calendarFeedKey = ['user', 'calendar-feed'] as const;
