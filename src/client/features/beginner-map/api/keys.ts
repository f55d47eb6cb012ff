export const beginnerMapKeys = {
  all: ['beginner-map'] as const,
};
