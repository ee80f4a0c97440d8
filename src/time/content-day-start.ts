// The content day's start in words, for the served documents (OpenAPI, GraphQL descriptions, getting
// started). A module of its own: the text generator's version follows berlin-calendar.ts, and a change of
// wording here must not rewrite every text.
import { CONTENT_DAY_START_HOUR, SERVICE_TIME_ZONE } from './berlin-calendar.js';

/** The hour as people read it: "02:00". */
export const CONTENT_DAY_START_TIME = `${String(CONTENT_DAY_START_HOUR).padStart(2, '0')}:00`;
/** With its zone: "02:00 Europe/Berlin". */
export const CONTENT_DAY_START = `${CONTENT_DAY_START_TIME} ${SERVICE_TIME_ZONE}`;
