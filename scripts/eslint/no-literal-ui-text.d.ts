import type { Rule } from 'eslint';

/** Typed for the rule test; the rule is plain JS so eslint.config.js can import it as it is. */
export declare const noLiteralUiText: Rule.RuleModule;
