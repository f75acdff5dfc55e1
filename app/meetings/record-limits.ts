// The session record's limits and rules as plain data, for its forms in the browser and its schemas.

/** How long after a session ends its coach may still set or change its outcome. */
export const OUTCOME_CHANGE_DAYS = 7;
export const NOTES_MAX_LENGTH = 10_000;
export const SUMMARY_MAX_LENGTH = 4_000;
export const ACTION_ITEM_MAX_LENGTH = 300;
export const ACTION_ITEMS_MAX = 10;
/** Blank action-item rows the form offers beyond the items already written (no JavaScript needed to add one). */
export const BLANK_ACTION_ROWS = 3;
export const RATING_COMMENT_MAX_LENGTH = 1_000;
