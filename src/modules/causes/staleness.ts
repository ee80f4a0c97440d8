// How old a source's figures may be and still speak of now: a cause whose figures are older is never the
// daily action, and one that also has neither a deadline nor an open status is no longer listed as active
// (the import stores it inactive, "not updated by its source since …").
export const FIGURES_MAX_AGE_DAYS = 365;
