/**
 * In-app paths that mails, notices and screens link to. No schemas here: the signed-in shell's
 * menu imports it on every first load (issue 20).
 */

/** A member's forest (issue 19 §2): the trees they registered and the trees their gifts paid for. */
export const FOREST_PATH = '/app/my-forest';

/** The verifiers' queue (issue 21). */
export const VERIFY_PATH = '/app/verify';
