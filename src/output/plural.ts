// Counts in messages live in src/text/plural.ts, where the services (which import nothing of
// output/) use them too; output/ keeps this name for its own modules.
export { plural, pluralOf, singularOf } from '../text/plural.js';
