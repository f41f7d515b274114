/**
 * Issue 27 part 4: expected documents. A model's artifact applies at levels (trial, country, site); a rule says when
 * a document of it is due at one level (relative to a milestone of the place, once or recurring). A project holds
 * one expected item per artifact × applicable place × occurrence; an item is expected until documents fulfil it
 * (filed) or a project administrator marks it not applicable with a reason. Overdue is not a state: an expected
 * item whose due date has passed.
 */
export const EXPECTED_ITEM_STATES = ['expected', 'filed', 'not_applicable'] as const;
export type ExpectedItemState = (typeof EXPECTED_ITEM_STATES)[number];

/** How often a rule expects a document from its anchor date on: once, or each period until the place closes. */
export const EXPECTED_RECURRENCES = ['once', 'monthly', 'quarterly', 'annually'] as const;
export type ExpectedRecurrence = (typeof EXPECTED_RECURRENCES)[number];

/** generated: made from the model's rules (regeneration keeps it in step); manual: added by a person. */
export const EXPECTED_ORIGINS = ['generated', 'manual'] as const;
export type ExpectedOrigin = (typeof EXPECTED_ORIGINS)[number];
