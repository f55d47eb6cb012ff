/** Query keys of the member's own submissions. */
export const userOfferKeys = {
  mine: ['user-offers', 'mine'] as const,
};

/** While a submission waits for review, 'Minhas ofertas' asks again this often (the bell polls every 30 s). */
export const MY_SUBMISSIONS_POLL_MS = 60_000;
