// The text fields an editor may correct and how long each may be: what the generators write and what
// integrators lay out for. Imports nothing, so the GraphQL schema can name the fields while it is built.
export const ACTION_FIELDS = ['headline', 'whyNow', 'whyYou', 'impactStatement'] as const;
export type ActionField = (typeof ACTION_FIELDS)[number];
export type TextField = 'summary' | ActionField;
export const TEXT_FIELDS: TextField[] = ['summary', ...ACTION_FIELDS];
/** The longest text a field may hold: what the generators write, and what integrators lay out for. */
export const FIELD_MAX_CHARS: Record<TextField, number> = { summary: 400, headline: 90, whyNow: 300, whyYou: 300, impactStatement: 300 };

export class EditorialError extends Error {}

/** Why an editor's text with markup is refused: texts are served as plain text, and integrators escape them. */
export const MARKUP_REFUSED =
  'The text contains markup (such as "<b>"): texts are served as plain text, so write it without tags. A "<" meant as a character needs a space after it ("a < b").';
