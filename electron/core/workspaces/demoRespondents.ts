/**
 * How often the demo's simulated respondents arrive: a few a minute, often enough to watch a
 * webhook delivery land, rare enough not to flood the demo's forms.
 */
export const DEMO_RESPONDENTS_PER_MINUTE = 3;
