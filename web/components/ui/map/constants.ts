/** Spec §9: the map box is 300 px high (MAP_DEFAULTS.heightPx; kept here without zod for the lazy wrappers). */
export const MAP_HEIGHT_PX = 300;
