import { KINDS_BEFORE } from './kinds-before.ts';
import { KINDS_DURING } from './kinds-during.ts';

/**
 * The kinds of document in the labelled set (issue 28 part 3): per ICH E6 clause, how real documents of that kind
 * are headed and what they say, in English and Chinese. Never the clause number nor the model's exact name (the test
 * would then measure string equality, not the engine). The last entry of each list is kept for the company's
 * history (documents already filed), so the set and the history are worded differently.
 */
export interface Kind {
  clause: string;
  en: string[];
  zh: string[];
  enBody: string[];
  zhBody: string[];
}

export const KINDS: Kind[] = [...KINDS_BEFORE, ...KINDS_DURING];
